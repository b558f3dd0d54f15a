// Image files picked for upload, each with a preview URL; only image types the server takes (D11) are
// kept, and preview URLs are released when a file is removed or the page goes away.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@safarnama/contract/uploads';
import { notify } from '../../lib/notify';

export interface SelectedImage {
  id: string;
  file: File;
  /** An object URL for the preview. */
  url: string;
}

let nextId = 0;

const isAcceptedImage = (file: File) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);

export function useImageSelection(maxFiles: number = UPLOAD_LIMITS.maxFiles) {
  const [items, setItems] = useState<SelectedImage[]>([]);
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  useEffect(() => () => latest.current.forEach((i) => URL.revokeObjectURL(i.url)), []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const all = [...files];
      const images = all.filter(isAcceptedImage);
      if (images.length < all.length) notify.error(UPLOAD_MESSAGES.notAnImage);
      // A phone's photo may be over maxFileBytes until shrunk at upload (useUpload checks the shrunk copy).
      const small = images.filter((f) => f.size <= UPLOAD_LIMITS.maxPickedBytes);
      if (small.length < images.length) notify.error(UPLOAD_MESSAGES.tooLarge);
      const room = Math.max(0, maxFiles - latest.current.length);
      if (small.length > room) notify.error(UPLOAD_MESSAGES.tooManyFiles);
      const added = small
        .slice(0, room)
        .map((file) => ({ id: `img-${++nextId}`, file, url: URL.createObjectURL(file) }));
      if (added.length > 0) setItems((prev) => [...prev, ...added]);
    },
    [maxFiles],
  );

  const remove = useCallback((id: string) => {
    setItems((prev) => {
      const gone = prev.find((i) => i.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return prev.filter((i) => i.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    setItems((prev) => {
      prev.forEach((i) => URL.revokeObjectURL(i.url));
      return [];
    });
  }, []);

  return { items, add, remove, clear };
}
