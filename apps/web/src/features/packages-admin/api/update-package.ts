// PUT /api/packages/{id} (multipart): new fields, kept images in order, and new images appended.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TourPackage } from '@safarnama/contract/packages';
import { upload } from '../../../lib/upload';
import { toPackageFormData, type PackagePayload } from './package-form-data';
import { invalidatePackages } from './invalidate-packages';

const updatePackage = (id: string, payload: PackagePayload) =>
  upload<TourPackage>(`/api/packages/${encodeURIComponent(id)}`, toPackageFormData(payload), {
    method: 'PUT',
    ...payload.transfer,
  });

export function useUpdatePackage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PackagePayload) => updatePackage(id, payload),
    onSuccess: () => invalidatePackages(queryClient),
  });
}
