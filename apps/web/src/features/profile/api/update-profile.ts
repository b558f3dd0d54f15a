// PUT /api/profile: name, a new e-mail (pending until its code is entered, D21) and optionally a new password (with
// the current one, D17). The answer carries a fresh token, because a password change revokes the earlier ones (D18).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody, UpdateProfileResponse } from '@safarnama/contract/staff';
import { api } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY, profileOf } from '../../../lib/get-profile';

const updateProfile = (body: UpdateProfileBody) => api.put<UpdateProfileResponse>('/api/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, profileOf(data));
    },
  });
}
