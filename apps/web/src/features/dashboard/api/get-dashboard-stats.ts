// GET /api/dashboard/stats: the Owner's figures (spec §9) and the latest inquiries by updatedAt.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';

const getDashboardStats = (signal?: AbortSignal) => api.get<DashboardStats>('/api/dashboard/stats', undefined, signal);

const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'stats'], queryFn: ({ signal }) => getDashboardStats(signal) });

export const useDashboardStats = () => useQuery(dashboardStatsQueryOptions());
