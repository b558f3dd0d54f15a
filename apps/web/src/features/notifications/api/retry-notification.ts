// POST /api/notifications/{id}/retry: a failed mail goes back to the sender (Owner).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@safarnama/contract/notifications';
import { api } from '../../../lib/api-client';

const retryNotification = (id: string) => api.post<Notification>(`/api/notifications/${encodeURIComponent(id)}/retry`);

export function useRetryNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
