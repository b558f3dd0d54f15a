// DELETE /api/packages/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePackages } from './invalidate-packages';

const deletePackage = (id: string) => api.delete<{ message: string }>(`/api/packages/${encodeURIComponent(id)}`);

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePackage, onSuccess: () => invalidatePackages(queryClient) });
}
