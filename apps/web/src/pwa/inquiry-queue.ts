// D34: the staff's inquiries taken with no network, kept in IndexedDB until sent. IndexedDB (not localStorage)
// because the queue must outlive a closed browser and be written atomically from more than one tab; idb (about
// 1 KB gzip, by a Chrome engineer, no dependencies) makes its requests promises, nothing more. Each entry carries
// the Idempotency-Key it is sent with, made when it was queued: a send that timed out, a second tab sending the
// same queue, or a repeat after a reload all make one inquiry (the server keeps the first answer for 24 hours).
// Entries belong to the user who queued them: only theirs are shown and sent, and their log-out deletes them.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { QUEUE_DATABASE } from './cache-names';

/** What a queued inquiry holds: the request body as the form made it, and who queued it when. */
export interface QueuedInquiry<Body = Record<string, unknown>> {
  /** The Idempotency-Key it is sent with (a random UUID). */
  key: string;
  userId: string;
  body: Body;
  queuedAt: string;
  /** The server refused it (the user's to fix): kept, shown, not sent again. */
  refused?: string;
}

interface QueueSchema extends DBSchema {
  inquiries: { key: string; value: QueuedInquiry; indexes: { byUser: string } };
}

let opened: Promise<IDBPDatabase<QueueSchema>> | undefined;

const db = () =>
  (opened ??= openDB<QueueSchema>(QUEUE_DATABASE, 1, {
    upgrade(database) {
      database.createObjectStore('inquiries', { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  }));

/** For the tests: the next call opens the database afresh. */
export function closeQueue() {
  void opened?.then((d) => d.close());
  opened = undefined;
}

export async function enqueueInquiry<Body extends Record<string, unknown>>(
  userId: string,
  body: Body,
  now = new Date(),
): Promise<QueuedInquiry<Body>> {
  const entry: QueuedInquiry<Body> = { key: crypto.randomUUID(), userId, body, queuedAt: now.toISOString() };
  await (await db()).put('inquiries', entry);
  return entry;
}

/** The user's queued inquiries, oldest first. */
export async function queuedInquiries(userId: string): Promise<QueuedInquiry[]> {
  const entries = await (await db()).getAllFromIndex('inquiries', 'byUser', userId);
  return entries.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function removeQueued(key: string) {
  await (await db()).delete('inquiries', key);
}

/** Deletes the user's entries (their log-out), or every entry. */
export async function clearQueue(userId?: string) {
  const database = await db();
  if (userId === undefined) return database.clear('inquiries');
  const tx = database.transaction('inquiries', 'readwrite');
  for (const key of await tx.store.index('byUser').getAllKeys(userId)) await tx.store.delete(key);
  await tx.done;
}

/** How a send ended, as the queue needs to know it. */
export type SendOutcome = 'sent' | 'offline' | { refused: string } | 'later';

/**
 * Sends the user's waiting entries one by one, oldest first. A sent one is removed; a refused one (the user's to
 * fix) is marked and never sent again; "offline" stops the round (the rest wait for the connection); "later" (the
 * server busy, a 5xx, a 429, an expired session) leaves it for the next round. Answers how many were sent.
 */
export async function sendQueued(
  userId: string,
  send: (entry: QueuedInquiry) => Promise<SendOutcome>,
): Promise<number> {
  let sent = 0;
  for (const entry of await queuedInquiries(userId)) {
    if (entry.refused !== undefined) continue;
    const outcome = await send(entry);
    if (outcome === 'offline') break;
    if (outcome === 'sent') {
      await removeQueued(entry.key);
      sent += 1;
    } else if (typeof outcome === 'object') {
      await (await db()).put('inquiries', { ...entry, refused: outcome.refused });
    }
  }
  return sent;
}
