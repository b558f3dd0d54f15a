// GET /api/auth/handlers: who may handle an inquiry (the Owner and the active Staff) for the handler dropdown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InquiryHandler } from '@safarnama/contract/staff';
import { api } from '../../../lib/api-client';

const getHandlers = (signal?: AbortSignal) => api.get<InquiryHandler[]>('/api/auth/handlers', undefined, signal);

// Under ['staff'], so adding or removing a staff member (which invalidates ['staff']) refreshes it too.
const handlersQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'handlers'], queryFn: ({ signal }) => getHandlers(signal) });

export const useHandlers = () => useQuery(handlersQueryOptions());
