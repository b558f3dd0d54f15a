// GET /api/packages: the whole catalogue (tens to hundreds, D10), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourPackage } from '@safarnama/contract/packages';
import { api } from '../../../lib/api-client';

const getPackages = (signal?: AbortSignal) => api.get<TourPackage[]>('/api/packages', undefined, signal);

const packagesQueryOptions = () =>
  queryOptions({ queryKey: ['packages', 'all'], queryFn: ({ signal }) => getPackages(signal) });

export const usePackages = () => useQuery(packagesQueryOptions());
