// D34: the signed-in user's inquiries waiting in this device's queue (pwa/inquiry-queue.ts), sent when the
// connection returns: at once if online, on the browser's "online" event, and every half minute while any wait
// (a weak signal may never say "offline"). Each is sent with the key it was queued with.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OFFLINE_TEXT } from '@safarnama/contract/offline';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  enqueueInquiry,
  queuedInquiries,
  removeQueued,
  sendQueued,
  type QueuedInquiry,
  type SendOutcome,
} from '../../../pwa/inquiry-queue';
import { createInquiry } from '../api/create-inquiry';
import { invalidateInquiries } from '../api/invalidate-inquiries';

const RETRY_MS = 30_000;

/** How a send's failure counts for the queue: a 400 or 422 is the user's to fix; no answer means offline. */
function outcomeOf(err: unknown): SendOutcome {
  if (!(err instanceof ApiError) || err.status === 0) return 'offline';
  if (err.status === 400 || err.status === 422) return { refused: errorMessage(err, OFFLINE_TEXT.refused) };
  return 'later';
}

async function send(entry: QueuedInquiry): Promise<SendOutcome> {
  try {
    await createInquiry({ body: entry.body, key: entry.key });
    return 'sent';
  } catch (err) {
    return outcomeOf(err);
  }
}

export function useInquiryQueue(userId: string | undefined) {
  const queryClient = useQueryClient();
  // Kept with the user it was read for, so the next person on the device never sees the last one's queue while
  // theirs loads.
  const [loaded, setLoaded] = useState<{ owner: string; list: QueuedInquiry[] } | null>(null);
  const entries = loaded && loaded.owner === userId ? loaded.list : [];
  const sending = useRef(false);

  const reload = useCallback(async () => {
    if (!userId) return;
    const list = await queuedInquiries(userId);
    setLoaded({ owner: userId, list });
  }, [userId]);

  const flush = useCallback(async () => {
    if (!userId || sending.current || !navigator.onLine) return;
    sending.current = true;
    try {
      const sent = await sendQueued(userId, send);
      if (sent > 0) {
        notify.success(OFFLINE_TEXT.sent(sent));
        void invalidateInquiries(queryClient);
      }
    } finally {
      sending.current = false;
      await reload();
    }
  }, [userId, queryClient, reload]);

  useEffect(() => {
    // Read first, then send; the list is set in the promise's callback, never in the effect's body.
    let live = true;
    if (userId) {
      queuedInquiries(userId).then(
        (list) => {
          if (!live) return;
          setLoaded({ owner: userId, list });
          void flush();
        },
        // No IndexedDB here (a private window of some browsers): nothing can wait, so nothing is shown.
        () => undefined,
      );
    }
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
    };
  }, [userId, flush]);

  const waiting = entries.filter((e) => e.refused === undefined);
  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting.length, flush]);

  return {
    entries,
    waiting,
    refused: entries.filter((e) => e.refused !== undefined),
    enqueue: async (body: Record<string, unknown>) => {
      if (!userId) return;
      await enqueueInquiry(userId, body);
      await reload();
    },
    remove: async (key: string) => {
      await removeQueued(key);
      await reload();
    },
  };
}
