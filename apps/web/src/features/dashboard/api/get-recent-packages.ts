// GET /api/packages (newest first), cut to the dashboard's ten (spec §9).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourPackage } from '@safarnama/contract/packages';
import { DASHBOARD_LIMIT } from '@safarnama/contract/inquiries-rules';
import { api } from '../../../lib/api-client';

const getRecentPackages = async (signal?: AbortSignal) =>
  (await api.get<TourPackage[]>('/api/packages', undefined, signal)).slice(0, DASHBOARD_LIMIT);

const recentPackagesQueryOptions = () =>
  queryOptions({ queryKey: ['packages', 'dashboard'], queryFn: ({ signal }) => getRecentPackages(signal) });

export const useRecentPackages = (enabled = true) => useQuery({ ...recentPackagesQueryOptions(), enabled });
