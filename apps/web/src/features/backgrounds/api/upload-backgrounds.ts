// POST /api/backgrounds: image files as repeated `images` parts (multipart).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackgroundImage } from '@safarnama/contract/uploads';
import { IMAGES_FIELD } from '@safarnama/contract/packages';
import { upload } from '../../../lib/upload';
import type { UploadTransfer } from '../../../components/uploads/upload-progress';
import { invalidateResources } from '../../../lib/use-resource';

function uploadBackgrounds({ files, transfer }: { files: readonly File[]; transfer?: UploadTransfer }) {
  const form = new FormData();
  for (const file of files) form.append(IMAGES_FIELD, file, file.name);
  return upload<BackgroundImage[]>('/api/backgrounds', form, transfer);
}

export function useUploadBackgrounds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBackgrounds,
    onSuccess: async () => {
      // The public home page caches its slides separately.
      invalidateResources('backgrounds');
      await queryClient.invalidateQueries({ queryKey: ['backgrounds'] });
    },
  });
}
