// GET /api/dashboard/payments: the instalments due this week and those overdue, with what is left of each (D31).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPayments } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';

const getDashboardPayments = (signal?: AbortSignal) =>
  api.get<DashboardPayments>('/api/dashboard/payments', undefined, signal);

const dashboardPaymentsQueryOptions = () =>
  queryOptions({
    // Under ['inquiries'] so that every payment recorded, verified or reversed refreshes it.
    queryKey: ['inquiries', 'dashboard-payments'],
    queryFn: ({ signal }) => getDashboardPayments(signal),
  });

export const useDashboardPayments = () => useQuery(dashboardPaymentsQueryOptions());
