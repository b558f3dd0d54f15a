// GET /api/profile: the signed-in user's name and e-mail.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@safarnama/contract/profile';
import { api } from '../../../lib/api-client';

export const getProfile = (signal?: AbortSignal) => api.get<Profile>('/api/profile', undefined, signal);

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
