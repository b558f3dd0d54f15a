// DELETE /api/profile/pending-email: drops the pending address; the account keeps its e-mail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@safarnama/contract/staff';
import { api } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY, profileOf } from '../../../lib/get-profile';

const cancelEmailChange = () => api.delete<Profile & { message: string }>('/api/profile/pending-email');

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (data) => queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, profileOf(data)),
  });
}
