// DELETE /api/backgrounds/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateResources } from '../../../lib/use-resource';

const deleteBackground = (id: string) => api.delete<{ message: string }>(`/api/backgrounds/${encodeURIComponent(id)}`);

export function useDeleteBackground() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBackground,
    onSuccess: async () => {
      invalidateResources('backgrounds');
      await queryClient.invalidateQueries({ queryKey: ['backgrounds'] });
    },
  });
}
