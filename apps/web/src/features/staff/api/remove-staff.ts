// DELETE /api/auth/staff/{id}: disables the account; their inquiries keep their name (D9).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const removeStaff = (id: string) => api.delete<{ message: string }>(`/api/auth/staff/${encodeURIComponent(id)}`);

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
