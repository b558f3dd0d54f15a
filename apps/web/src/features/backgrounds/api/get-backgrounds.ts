// GET /api/backgrounds: the home page's hero images in display order.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackgroundImage } from '@safarnama/contract/uploads';
import { api } from '../../../lib/api-client';

const getBackgrounds = (signal?: AbortSignal) => api.get<BackgroundImage[]>('/api/backgrounds', undefined, signal);

const backgroundsQueryOptions = () =>
  queryOptions({ queryKey: ['backgrounds'], queryFn: ({ signal }) => getBackgrounds(signal) });

export const useBackgrounds = () => useQuery(backgroundsQueryOptions());
