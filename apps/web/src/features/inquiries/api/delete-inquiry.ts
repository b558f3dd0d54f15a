// DELETE /api/inquiries/{id} (kept on the server as deleted, D9).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateInquiries } from './invalidate-inquiries';

const deleteInquiry = (id: string) => api.delete<{ message: string }>(`/api/inquiries/${encodeURIComponent(id)}`);

export function useDeleteInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInquiry,
    onSuccess: () => invalidateInquiries(queryClient),
  });
}
