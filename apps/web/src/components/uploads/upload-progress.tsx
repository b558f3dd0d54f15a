// The progress of an upload: photos being prepared, the share sent (a bar with its percent), then the
// server's work, with a Cancel that stops the request (nothing is stored: the server keeps a request's
// files only when the whole request succeeds, D11).
import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_PROGRESS_MESSAGES } from '@safarnama/contract/uploads';
import { ApiError } from '../../lib/api-client';
import { shrinkPhotos } from './shrink-photo';
import { Button } from '../ui/button';

type UploadPhase = 'idle' | 'preparing' | 'uploading' | 'processing';

export interface UploadProgressState {
  phase: UploadPhase;
  /** 0–100, while uploading. */
  percent: number;
}

/** What the API call needs to report progress and to be cancelled. */
export interface UploadTransfer {
  onProgress: (sent: number) => void;
  signal: AbortSignal;
}

const IDLE: UploadProgressState = { phase: 'idle', percent: 0 };

/**
 * Runs an upload: `run(files, send)` shrinks the photos, then calls `send` with them and the transfer,
 * tracking progress until it settles. `cancel` stops it; `send` then rejects with an AbortError.
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgressState>(IDLE);
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async <T,>(files: readonly File[], send: (files: File[], transfer: UploadTransfer) => Promise<T>) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setProgress({ phase: 'preparing', percent: 0 });
      try {
        const shrunk = await shrinkPhotos(files, own.signal);
        // What the server would answer, without sending megabytes it would refuse.
        if (shrunk.some((f) => f.size > UPLOAD_LIMITS.maxFileBytes)) throw new ApiError(413, UPLOAD_MESSAGES.tooLarge);
        setProgress({ phase: 'uploading', percent: 0 });
        return await send(shrunk, {
          signal: own.signal,
          onProgress: (sent) =>
            setProgress(
              sent >= 1
                ? { phase: 'processing', percent: 100 }
                : { phase: 'uploading', percent: Math.floor(sent * 100) },
            ),
        });
      } finally {
        if (controller.current === own) {
          controller.current = undefined;
          setProgress(IDLE);
        }
      }
    },
    [],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, run, cancel };
}

export function UploadProgress({ progress, onCancel }: { progress: UploadProgressState; onCancel: () => void }) {
  if (progress.phase === 'idle') return null;
  const text =
    progress.phase === 'preparing'
      ? UPLOAD_PROGRESS_MESSAGES.preparing
      : progress.phase === 'processing'
        ? UPLOAD_PROGRESS_MESSAGES.processing
        : UPLOAD_PROGRESS_MESSAGES.uploading(progress.percent);
  return (
    <div
      className="flex items-center gap-3 rounded-xl bg-sand-50 p-3 ring-1 ring-stone-200"
      data-testid="upload-progress"
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-stone-700" role="status">
          {text}
        </p>
        <progress
          aria-label="Upload progress"
          className="mt-1.5 h-2 w-full accent-brand-600"
          max={100}
          // Indeterminate while preparing and while the server works.
          value={progress.phase === 'uploading' ? progress.percent : undefined}
        />
      </div>
      {progress.phase !== 'processing' ? (
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel upload
        </Button>
      ) : null}
    </div>
  );
}
