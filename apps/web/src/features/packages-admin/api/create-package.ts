// POST /api/packages (multipart): a new package with at least one image.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TourPackage } from '@safarnama/contract/packages';
import { upload } from '../../../lib/upload';
import { toPackageFormData, type PackagePayload } from './package-form-data';
import { invalidatePackages } from './invalidate-packages';

const createPackage = (payload: PackagePayload) =>
  upload<TourPackage>('/api/packages', toPackageFormData(payload), payload.transfer);

export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPackage, onSuccess: () => invalidatePackages(queryClient) });
}
