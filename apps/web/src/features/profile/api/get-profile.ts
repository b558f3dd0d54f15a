// GET /api/profile: the signed-in user's name and e-mail, and a new e-mail waiting for its code (D21).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@safarnama/contract/profile';
import { api } from '../../../lib/api-client';

export const getProfile = (signal?: AbortSignal) => api.get<Profile>('/api/profile', undefined, signal);

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());

/** The profile part of an answer that also carries a token and a message. */
export const profileOf = (data: Profile): Profile => ({
  name: data.name,
  email: data.email,
  ...(data.pendingEmail ? { pendingEmail: data.pendingEmail } : {}),
  ...(data.notifyNewInquiry !== undefined ? { notifyNewInquiry: data.notifyNewInquiry } : {}),
  ...(data.notifyAssignment !== undefined ? { notifyAssignment: data.notifyAssignment } : {}),
});
