// GET /api/auth/staff/former: removed Staff, whom the Owner may re-enable (D23).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@safarnama/contract/staff';
import { api } from '../../../lib/api-client';

const getFormerStaff = (signal?: AbortSignal) => api.get<StaffMember[]>('/api/auth/staff/former', undefined, signal);

const formerStaffQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'former'], queryFn: ({ signal }) => getFormerStaff(signal) });

export const useFormerStaff = () => useQuery(formerStaffQueryOptions());
