// Downloads a file the API sends only with the bearer token (the quotation PDF, the CSV export): fetched, then
// handed to the browser as a download under the server's file name.
import { ApiError, apiUrl } from './api-client';
import { readToken } from './token-storage';

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, '');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ApiError(response.status, typeof body.message === 'string' ? body.message : '');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; a moment later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
