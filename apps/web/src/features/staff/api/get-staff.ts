// GET /api/auth/staff: the active staff members.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@safarnama/contract/staff';
import { api } from '../../../lib/api-client';

const getStaff = (signal?: AbortSignal) => api.get<StaffMember[]>('/api/auth/staff', undefined, signal);

const staffQueryOptions = () => queryOptions({ queryKey: ['staff'], queryFn: ({ signal }) => getStaff(signal) });

export const useStaff = () => useQuery(staffQueryOptions());
