// /background-images: the Owner's gallery of home-page hero images — upload (drag-and-drop or file
// chooser, with previews) and delete.
import { useState } from 'react';
import { Trash2, Upload } from 'lucide-react';
import {
  BACKGROUND_MESSAGES,
  UPLOAD_LIMITS,
  UPLOAD_PROGRESS_MESSAGES,
  type BackgroundImage,
} from '@safarnama/contract/uploads';
import { imageAtWidth } from '@safarnama/contract/uploads-rules';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ImageDropZone, SelectedImages } from '../../components/uploads/image-drop-zone';
import { useImageSelection } from '../../components/uploads/use-image-selection';
import { UploadProgress, useUpload } from '../../components/uploads/upload-progress';
import { ApiError, assetUrl, isAbortError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useBackgrounds } from './api/get-backgrounds';
import { useUploadBackgrounds } from './api/upload-backgrounds';
import { useDeleteBackground } from './api/delete-background';

export default function BackgroundImagesPage() {
  useDocumentTitle('Background Images');
  const backgrounds = useBackgrounds();
  const upload = useUploadBackgrounds();
  const remove = useDeleteBackground();
  const selection = useImageSelection(UPLOAD_LIMITS.maxFiles);
  const uploader = useUpload();
  const isUploading = uploader.progress.phase !== 'idle';
  const [uploadError, setUploadError] = useState<string | undefined>();

  const handleFiles = (files: File[]) => {
    setUploadError(undefined);
    selection.add(files);
  };

  const handleUpload = async () => {
    if (selection.items.length === 0) {
      setUploadError(BACKGROUND_MESSAGES.selectAtLeastOne);
      notify.error(BACKGROUND_MESSAGES.selectAtLeastOne);
      return;
    }
    setUploadError(undefined);
    try {
      await uploader.run(
        selection.items.map((i) => i.file),
        (files, transfer) => upload.mutateAsync({ files, transfer }),
      );
      selection.clear();
      notify.success(BACKGROUND_MESSAGES.uploaded);
    } catch (err) {
      if (isAbortError(err)) return notify.info(UPLOAD_PROGRESS_MESSAGES.cancelled);
      // The toast says it failed; the server's reason (wrong type, too large…) stays beside the picker.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setUploadError(err.message);
      notify.error(BACKGROUND_MESSAGES.uploadFailed);
    }
  };

  const handleDelete = (image: BackgroundImage) => {
    if (!window.confirm(BACKGROUND_MESSAGES.confirmDelete)) return;
    remove.mutate(image._id, {
      onSuccess: () => notify.success(BACKGROUND_MESSAGES.deleted),
      onError: () => notify.error(BACKGROUND_MESSAGES.deleteFailed),
    });
  };

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title="Background Images"
        description="The home page slideshow shows these images in order, changing every 2 seconds."
      />

      <section aria-labelledby="upload-backgrounds" className="card mb-8 p-5 sm:p-6">
        <h2 id="upload-backgrounds" className="mb-4 text-lg font-semibold">
          Upload new images
        </h2>
        <ImageDropZone
          label="Images"
          onFiles={handleFiles}
          hint={`JPEG, PNG, WebP, AVIF or GIF · up to ${UPLOAD_LIMITS.maxFiles} at once, 10 MB each · wide landscape photos look best`}
          error={uploadError}
        />
        <SelectedImages items={selection.items} onRemove={selection.remove} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button onClick={() => void handleUpload()} disabled={isUploading}>
            <Upload className="size-4" aria-hidden="true" />
            {isUploading ? 'Uploading…' : 'Upload Images'}
          </Button>
          {selection.items.length > 0 ? (
            <>
              <span className="text-sm text-stone-600">
                {selection.items.length} {selection.items.length === 1 ? 'image' : 'images'} selected
              </span>
              <Button variant="ghost" size="sm" onClick={selection.clear} disabled={isUploading}>
                Clear selection
              </Button>
            </>
          ) : null}
        </div>
        <div className="mt-4 empty:hidden">
          <UploadProgress progress={uploader.progress} onCancel={uploader.cancel} />
        </div>
      </section>

      <section aria-labelledby="current-backgrounds">
        <h2 id="current-backgrounds" className="mb-4 text-lg font-semibold">
          Current images{backgrounds.data ? ` (${backgrounds.data.length})` : ''}
        </h2>
        {backgrounds.isPending ? (
          <Spinner label="Loading images…" />
        ) : backgrounds.isError ? (
          <ErrorMessage
            action={
              <Button variant="outline" size="sm" onClick={() => void backgrounds.refetch()}>
                Try Again
              </Button>
            }
          >
            {BACKGROUND_MESSAGES.fetchFailed}
          </ErrorMessage>
        ) : backgrounds.data.length === 0 ? (
          <EmptyState>No background images yet. The home page shows a plain colour until you add some.</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Background images">
            {backgrounds.data.map((image, index) => (
              <li key={image._id} className="card overflow-hidden">
                <img
                  src={assetUrl(imageAtWidth(image.imageUrl, 960))}
                  alt={`Background ${index + 1}`}
                  width={960}
                  height={540}
                  loading="lazy"
                  className="aspect-video w-full bg-sand-100 object-cover"
                />
                <div className="flex items-center justify-between gap-2 px-4 py-3">
                  <span className="text-sm text-stone-600">Slide {index + 1}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => handleDelete(image)}
                    disabled={remove.isPending && remove.variables === image._id}
                    aria-label={`Delete background ${index + 1}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
