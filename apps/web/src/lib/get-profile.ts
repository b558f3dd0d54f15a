// GET /api/profile: the signed-in user's name and e-mail, and a new e-mail waiting for its code (D21) (the profile page; a Customer's inquiry form prefills
// from it). In lib/, as two features read it; update-profile.ts writes the same query key.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@safarnama/contract/staff';
import { api } from './api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

const getProfile = (signal?: AbortSignal) => api.get<Profile>('/api/profile', undefined, signal);

const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = (enabled = true) => useQuery({ ...profileQueryOptions(), enabled });

/** The profile part of an answer that also carries a token and a message. */
export const profileOf = (data: Profile): Profile => ({
  name: data.name,
  email: data.email,
  ...(data.pendingEmail ? { pendingEmail: data.pendingEmail } : {}),
  ...(data.notifyNewInquiry !== undefined ? { notifyNewInquiry: data.notifyNewInquiry } : {}),
  ...(data.notifyAssignment !== undefined ? { notifyAssignment: data.notifyAssignment } : {}),
});
