// The offline queue (D34) against an in-memory IndexedDB (fake-indexeddb: jsdom has none; the e2e suite runs the
// real one in Chromium).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearQueue, closeQueue, enqueueInquiry, queuedInquiries, sendQueued, type SendOutcome } from './inquiry-queue';

afterEach(async () => {
  await clearQueue();
  closeQueue();
});

const body = (name: string) => ({ name, location: 'Spiti', noOfAdults: 2 });

describe('the offline inquiry queue', () => {
  it('keeps entries per user, oldest first, each with its own idempotency key, across a reopening', async () => {
    await enqueueInquiry('u1', body('Padma'), new Date('2026-12-02T10:00:00Z'));
    await enqueueInquiry('u2', body('Other user'), new Date('2026-12-02T10:01:00Z'));
    await enqueueInquiry('u1', body('Dorje'), new Date('2026-12-02T09:00:00Z'));
    closeQueue();
    const mine = await queuedInquiries('u1');
    expect(mine.map((e) => e.body.name)).toEqual(['Dorje', 'Padma']);
    expect(new Set(mine.map((e) => e.key)).size).toBe(2);
    expect(mine[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await queuedInquiries('u2')).map((e) => e.body.name)).toEqual(['Other user']);
  });

  it('sends with the key it was queued with, removes the sent and stops the round when offline', async () => {
    const a = await enqueueInquiry('u1', body('A'), new Date('2026-12-02T10:00:00Z'));
    await enqueueInquiry('u1', body('B'), new Date('2026-12-02T10:01:00Z'));
    const keys: string[] = [];
    const outcomes: SendOutcome[] = ['sent', 'offline'];
    const sent = await sendQueued('u1', async (entry) => {
      keys.push(entry.key);
      return outcomes.shift()!;
    });
    expect(sent).toBe(1);
    expect(keys[0]).toBe(a.key);
    expect((await queuedInquiries('u1')).map((e) => e.body.name)).toEqual(['B']);
  });

  it("marks a refused one with the server's message and never sends it again; 'later' keeps it waiting", async () => {
    await enqueueInquiry('u1', body('Bad'), new Date('2026-12-02T10:00:00Z'));
    await enqueueInquiry('u1', body('Busy'), new Date('2026-12-02T10:01:00Z'));
    const tried: string[] = [];
    const send = async (entry: { body: Record<string, unknown> }): Promise<SendOutcome> => {
      tried.push(String(entry.body.name));
      return entry.body.name === 'Bad' ? { refused: 'Budget is required' } : 'later';
    };
    expect(await sendQueued('u1', send)).toBe(0);
    expect(await sendQueued('u1', send)).toBe(0);
    expect(tried).toEqual(['Bad', 'Busy', 'Busy']);
    const left = await queuedInquiries('u1');
    expect(left.map((e) => [e.body.name, e.refused])).toEqual([
      ['Bad', 'Budget is required'],
      ['Busy', undefined],
    ]);
  });

  it("sends only the signed-in user's entries, and a log-out clears only theirs", async () => {
    await enqueueInquiry('u1', body('Mine'));
    await enqueueInquiry('u2', body('Theirs'));
    const sentNames: unknown[] = [];
    await sendQueued('u1', async (entry) => {
      sentNames.push(entry.body.name);
      return 'sent';
    });
    expect(sentNames).toEqual(['Mine']);
    await enqueueInquiry('u1', body('Mine again'));
    await clearQueue('u1');
    expect(await queuedInquiries('u1')).toEqual([]);
    expect((await queuedInquiries('u2')).map((e) => e.body.name)).toEqual(['Theirs']);
  });
});
