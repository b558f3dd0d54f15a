// Multipart uploads with progress (the package forms, /background-images): apart from lib/api-client.ts so
// the public pages' first load does not carry it.
import { ApiError, buildUrl, readBody, UNREACHABLE } from './api-client';
import { readToken } from './token-storage';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called as the body goes out, with the share sent (0–1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * Sends a multipart form as `request` does, reporting the upload's progress: fetch() cannot tell how much
 * of a body has gone, XMLHttpRequest can. A cancelled upload rejects with an AbortError.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const token = readToken();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      try {
        resolve(readBody<T>(xhr.status, xhr.responseText, token));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, UNREACHABLE));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(form);
  });
}
