// GET /api/packages/{id}: one package, for the edit form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourPackage } from '@safarnama/contract/packages';
import { api } from '../../../lib/api-client';

const getPackage = (id: string, signal?: AbortSignal) =>
  api.get<TourPackage>(`/api/packages/${encodeURIComponent(id)}`, undefined, signal);

const packageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['packages', 'detail', id],
    queryFn: ({ signal }) => getPackage(id, signal),
    // The form starts from what is stored now, not a cached copy.
    staleTime: 0,
  });

export const usePackage = (id: string) => useQuery(packageQueryOptions(id));
