// The bulk seed gives the database that inserting the same rows through the triggers gives: the same rows,
// counters, indexes, triggers and list answers, and a database the app keeps writing to as usual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Inquiry } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../../apps/api/src/test/helper';
import { createUser, type CreatedUser } from '../../apps/api/src/test/factories';
import { api } from '../../apps/api/src/test/inquiry-kit';
import { seedInquiries } from './seed-inquiries';

const COUNT = 2_500;
const END_MS = Date.UTC(2026, 0, 1);

describe.each(testEngines)('the bulk seed on %s', (engine) => {
  let bulk: TestApp;
  let oneByOne: TestApp;
  let staff: CreatedUser[];
  const progress: number[] = [];

  beforeAll(async () => {
    bulk = await createTestApp(engine);
    oneByOne = await createTestApp(engine);
    const seed = { count: COUNT, seed: 7, endMs: END_MS };
    await seedInquiries({ db: bulk.app.db, engine }, { ...seed, onProgress: (done) => progress.push(done) });
    await seedInquiries({ db: oneByOne.app.db, engine }, { ...seed, oneByOne: true });
    staff = [await createUser(bulk, { role: 'Staff' }), await createUser(oneByOne, { role: 'Staff' })];
  });
  afterAll(async () => {
    await bulk?.close();
    await oneByOne?.close();
  });

  const both = <T>(read: (t: TestApp, i: number) => Promise<T>) => Promise.all([read(bulk, 0), read(oneByOne, 1)]);

  it('writes the same rows, counters and report roll-ups', async () => {
    expect(progress.at(-1)).toBe(COUNT);
    // The seed's staff accounts get new ids in each database: rows name them by e-mail.
    const [a, b] = await both(async (t) => [
      (
        await sql`SELECT i.*, d.email AS deleted_by_email FROM inquiries i LEFT JOIN users d ON d.id = i.deleted_by
          ORDER BY i.id`.execute(t.app.db)
      ).rows.map((r) => {
        const { staff_id: _s, deleted_by: _d, ...rest } = r as Record<string, unknown>;
        return rest;
      }),
      (await sql`SELECT * FROM inquiry_status_counts ORDER BY status`.execute(t.app.db)).rows,
      (await sql`SELECT * FROM inquiry_month_counts ORDER BY month`.execute(t.app.db)).rows,
      // The reports' roll-ups, by day and status (their handler key is the seed staff's id).
      (
        await sql`SELECT day, status, sum(n) AS n, sum(tpc) AS tpc, sum(advance) AS advance, sum(revenue) AS revenue,
          sum(hotel) AS hotel, sum(cab) AS cab FROM inquiry_report_days GROUP BY day, status ORDER BY day, status`.execute(
          t.app.db,
        )
      ).rows,
      (await sql`SELECT * FROM inquiry_report_destinations ORDER BY day, dest_key`.execute(t.app.db)).rows,
      (await sql`SELECT * FROM inquiry_report_sources ORDER BY day, source_key`.execute(t.app.db)).rows,
    ]);
    // Every roll-up holds the seeded rows (an empty one in both databases would compare equal).
    expect(b.slice(3).every((rows) => rows.length > 0)).toBe(true);
    expect(a[0]).toHaveLength(COUNT);
    expect(a).toEqual(b);
  });

  it('leaves the same indexes and triggers', async () => {
    const schema = (t: TestApp) =>
      engine === 'sqlite'
        ? sql`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'inquiries' ORDER BY name`.execute(t.app.db)
        : sql`SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE tablename = 'inquiries'
            UNION ALL SELECT tgname, pg_get_triggerdef(oid) || tgenabled::text FROM pg_trigger WHERE tgrelid = 'inquiries'::regclass AND NOT tgisinternal
            ORDER BY name`.execute(t.app.db);
    const [a, b] = await both(async (t) => (await schema(t)).rows);
    expect(a.length).toBeGreaterThan(15);
    expect(a).toEqual(b);
  });

  it('answers every list the same, and goes on counting and indexing new writes', async () => {
    const queries = [
      '',
      'q=a',
      'q=goa',
      'q=sharma&sort=customer&order=asc',
      'q=booked&status=Booked&page=3',
      'q=gmail&sort=staff',
    ];
    for (const query of queries) {
      const [a, b] = await both((t, i) => api(t, staff[i]!.token).get(`/api/inquiries?pageSize=100&${query}`));
      const label = query || 'no search';
      expect(
        a.json<Inquiry[]>().map((x) => x._id),
        label,
      ).toEqual(b.json<Inquiry[]>().map((x) => x._id));
      expect(a.headers['x-total-count'], label).toBe(b.headers['x-total-count']);
      expect(a.json<Inquiry[]>().length, label).toBeGreaterThan(0);
    }
    const before = Number((await api(bulk, staff[0]!.token).get('/api/inquiries')).headers['x-unfiltered-count']);
    await sql`UPDATE inquiries SET location = 'Xyzzyville' WHERE id = (SELECT min(id) FROM inquiries WHERE deleted_at IS NULL)`.execute(
      bulk.app.db,
    );
    const found = await api(bulk, staff[0]!.token).get('/api/inquiries?q=xyzzy');
    expect(found.headers['x-total-count']).toBe('1');
    await sql`UPDATE inquiries SET deleted_at = 1 WHERE location = 'Xyzzyville'`.execute(bulk.app.db);
    const after = await api(bulk, staff[0]!.token).get('/api/inquiries');
    expect(Number(after.headers['x-unfiltered-count'])).toBe(before - 1);
  });
});
