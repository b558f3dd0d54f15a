// POST /api/profile/verify-email (D21): the code mailed to the pending address makes it the account's e-mail; the
// answer's token replaces the session's, as earlier tokens are revoked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileResponse, VerifyEmailBody } from '@safarnama/contract/staff';
import { api } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY, profileOf } from '../../../lib/get-profile';

const verifyEmail = (body: VerifyEmailBody) => api.post<UpdateProfileResponse>('/api/profile/verify-email', body);

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (data) => queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, profileOf(data)),
  });
}
