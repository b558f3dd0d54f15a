// The scale seed (npm run seed:inquiries): rows, counters and the search index agree after a bulk load and the
// tidy-up that follows it (FTS5 merged into one segment on SQLite, VACUUM ANALYZE on PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_LIMIT, type Inquiry } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { createUser, type CreatedUser } from '../test/factories';
import { seedInquiries } from './inquiry-seed';
import { api } from './inquiry-test-kit';

describe.each(testEngines)('the inquiry seed on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  const progress: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
    await seedInquiries(
      { db: t.app.db, engine },
      { count: 1_500, batch: 10, onProgress: (done) => progress.push(done) },
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('loads every row in chunks and keeps the counters in step', async () => {
    expect(progress.at(-1)).toBe(1_500);
    const counted = await sql<{ total: number | string; visible: number | string }>`
      SELECT count(*) AS total, count(*) FILTER (WHERE deleted_at IS NULL) AS visible FROM inquiries`.execute(t.app.db);
    expect(Number(counted.rows[0]!.total)).toBe(1_500);
    // The seed deletes a few, as an agency does.
    const visible = Number(counted.rows[0]!.visible);
    expect(visible).toBeLessThan(1_500);
    const res = await api(t, staff.token).get('/api/inquiries?pageSize=10');
    expect(res.headers['x-unfiltered-count']).toBe(String(visible));
    const statuses = await api(t, staff.token).get('/api/inquiries/statuses');
    expect(statuses.json<{ count: number }[]>().reduce((a, s) => a + s.count, 0)).toBe(visible);
  });

  it('finds by search exactly the rows that hold the text', async () => {
    const rows = await sql<{ id: string; customer_name: string; location: string }>`
      SELECT id, customer_name, location FROM inquiries ORDER BY created_at DESC, id DESC`.execute(t.app.db);
    const name = rows.rows[7]!.customer_name;
    const want = rows.rows.filter((r) => r.customer_name.toLowerCase().includes(name.toLowerCase())).map((r) => r.id);
    const res = await api(t, staff.token).get(`/api/inquiries?q=${encodeURIComponent(name)}&pageSize=100`);
    // A full name is found in its own field (an e-mail or a place could hold it too, not in this seed).
    expect(res.headers['x-total-count']).toBe(String(Math.min(want.length, SEARCH_COUNT_LIMIT)));
    expect(res.json<Inquiry[]>().map((i) => i._id)).toEqual(want.slice(0, 100));
  });

  it.runIf(engine === 'sqlite')('leaves the FTS5 index in one segment', async () => {
    // Each of the seed's transactions wrote a segment; FTS5's %_idx table lists the leaf pages of each.
    const segments = await sql<{ n: number }>`
      SELECT count(DISTINCT segid) AS n FROM inquiries_fts_idx`.execute(t.app.db);
    expect(segments.rows[0]!.n).toBe(1);
  });
});
