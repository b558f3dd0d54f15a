import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@safarnama/contract/uploads';
import { useImageSelection } from './use-image-selection';
import { useUpload } from './upload-progress';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

/** A JPEG-typed file of `bytes` bytes (its content is never decoded here). */
const photo = (bytes: number, name = 'IMG_0001.jpg') => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('picking and sending photos (D11)', () => {
  beforeEach(() => {
    Object.values(notify).forEach((f) => f.mockReset());
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it("takes a phone's photo over the upload limit, to be shrunk, but not one past what can be shrunk", () => {
    const { result } = renderHook(() => useImageSelection());
    act(() => result.current.add([photo(UPLOAD_LIMITS.maxFileBytes + 2_000_000)]));
    expect(result.current.items).toHaveLength(1);
    act(() => result.current.add([photo(UPLOAD_LIMITS.maxPickedBytes + 1)]));
    expect(result.current.items).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledWith(UPLOAD_MESSAGES.tooLarge);
  });

  it('sends nothing when a photo is still over the limit once prepared, and says why', async () => {
    const { result } = renderHook(() => useUpload());
    const send = vi.fn();
    // jsdom decodes no images, so the photo stays as it was picked.
    await expect(result.current.run([photo(UPLOAD_LIMITS.maxFileBytes + 1)], send)).rejects.toMatchObject({
      status: 413,
      message: UPLOAD_MESSAGES.tooLarge,
    });
    expect(send).not.toHaveBeenCalled();
    await expect(result.current.run([photo(1000)], send)).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
