// Migration 002 on a database that already holds inquiries (an upgrade), its way down and up again, the data
// versions that move on with the writes a kept list sees, and PostgreSQL's stored search text and byte-wise columns.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../test/helper';
import { migrateToLatest, migrateToNone, openDatabase } from '../db/connection';
import { allMigrations } from '../db/migrations/index';
import { findListState, findStatusCounts, insertInquiryRows } from './inquiry.repository';
import { findMatchKeys } from './search/search.repository';
import { prepareSearch } from './search/search-text';
import { findListVersion, findPageIds, row } from '../test/inquiry-kit';
import { newId } from '../lib/ids';
import { insertUser, newAccountRow } from '../users/user.repository';

async function withDatabase(
  engine: (typeof testEngines)[number],
  test: (handle: ReturnType<typeof openDatabase>) => Promise<void>,
) {
  const database = await createTestDatabase(engine);
  const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
  try {
    await test(handle);
  } finally {
    await handle.db.destroy();
    await database.drop();
  }
}

describe.each(testEngines)('migration 002 on %s', (engine) => {
  it('indexes, counts and orders the inquiries already there, and goes down and up again', async () => {
    await withDatabase(engine, async (handle) => {
      const db = handle.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(engine) } });
      expect((await migrator.migrateTo('001-initial')).error).toBeUndefined();
      const at = Date.UTC(2024, 4, 1);
      // Two in the same millisecond, one deleted: the upgrade must order, count and index them right.
      const rows = [
        row({ location: 'Goa', status: 'New', created_at: at }),
        row({ location: 'Goa', status: 'Booked', created_at: at }),
        row({ location: 'Manali', status: 'New', created_at: at - 5 }),
        row({ location: 'Goa', status: 'New', created_at: at + 5, deleted_at: at + 9 }),
      ];
      await insertInquiryRows(db, rows);

      await migrateToLatest(handle);
      const byStatus = (a: { status: string }, b: { status: string }) => a.status.localeCompare(b.status);
      const counted = [
        { status: 'Booked', n: 1 },
        { status: 'New', n: 2 },
      ];
      expect((await findStatusCounts(db)).sort(byStatus)).toEqual(counted);
      // The list reads the same counters with the data version in one statement.
      const state = await findListState(db);
      expect(state.version).toBe(await findListVersion(db));
      expect(state.counts.sort(byStatus)).toEqual(counted);
      const matches = async (q: string) => (await findMatchKeys(db, await prepareSearch(db, engine, q), 100)).length;
      expect(await matches('goa')).toBe(2);
      // The search text follows an edit made after the upgrade.
      await sql`UPDATE inquiries SET location = 'Ziro Valley' WHERE id = ${rows[1]!.id}`.execute(db);
      expect(await matches('goa')).toBe(1);
      expect(await matches('ZIRO')).toBe(1);
      const byCreated = [rows[2]!, rows[0]!, rows[1]!].map((r) => r.id);
      const page = {
        scope: { kind: 'all' as const },
        sort: 'createdAt' as const,
        order: 'asc' as const,
        limit: 10,
        offset: 0,
      };
      expect(await findPageIds(db, page, 'index')).toEqual(byCreated);
      if (engine === 'sqlite') {
        const all = await prepareSearch(db, engine, 'customer');
        expect(await findPageIds(db, { ...page, search: all }, 'fts-rowid')).toEqual(byCreated);
      } else {
        // Adding the stored column left no page marked all-visible; the start-up VACUUM marks them again.
        const vacuums = await sql<{ n: string }>`
          SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'inquiries'`.execute(db);
        expect(Number(vacuums.rows[0]!.n)).toBeGreaterThan(0);
      }

      expect((await migrator.migrateTo('001-initial')).error).toBeUndefined();
      await migrateToLatest(handle);
      expect(await matches('ziro')).toBe(1);
      expect((await findStatusCounts(db)).sort(byStatus)).toEqual(counted);

      await migrateToNone(handle);
      await migrateToLatest(handle);
      expect(await findListState(db)).toEqual({ version: await findListVersion(db), touched: 0, counts: [] });
    });
  });
});

describe.each(testEngines)('the data versions on %s', (engine) => {
  it('move on with every write that changes what a kept list holds, whoever makes it', async () => {
    await withDatabase(engine, async (handle) => {
      await migrateToLatest(handle);
      const db = handle.db;
      /** How far each version moved during `write`: [the list's, the touched one]. */
      const step = async (write: () => Promise<unknown>) => {
        const before = await findListState(db);
        await write();
        const after = await findListState(db);
        return [after.version - before.version, after.touched - before.touched];
      };
      const rows = [row(), row(), row({ location: 'Manali' })];
      expect((await step(() => insertInquiryRows(db, rows)))[0]).toBeGreaterThan(0);
      const user = newId();
      await insertUser(
        db,
        newAccountRow({
          id: user,
          name: 'A B',
          email: 'ab@example.com',
          passwordHash: 'x',
          role: 'Staff',
          verified: true,
          at: 1,
        }),
      );
      // Every column a search, a sort or a filter reads moves the list's version (an attacker's stale list: a
      // reassigned or closed inquiry still shown under its old handler or status).
      const id = rows[2]!.id;
      const listed = {
        customer_name: 'Zed',
        customer_email: 'zed@example.com',
        customer_whatsapp: '+919800000000',
        location: 'Ziro',
        status: 'Working',
        staff_name: 'A B',
        staff_id: user,
        follow_up_at: 123,
        customer_user_id: user,
        created_at: 5,
      } as const;
      for (const [column, value] of Object.entries(listed)) {
        const moved = await step(() =>
          db
            .updateTable('inquiries')
            .set({ [column]: value })
            .where('id', '=', id)
            .execute(),
        );
        expect(moved, column).toEqual([1, 1]);
      }
      // A detail no list reads, or updated_at alone (a note), moves the touched version only; so does a write that
      // sets a listed column to the value it had.
      for (const set of [{ kids: 1 }, { updated_at: 99 }, { extra_info: 'Sea view' }, { location: 'Ziro' }]) {
        expect(await step(() => db.updateTable('inquiries').set(set).where('id', '=', id).execute())).toEqual([0, 1]);
      }
      expect(
        (await step(() => sql`UPDATE inquiries SET location = 'Ziro' WHERE location = 'Goa'`.execute(db)))[0],
      ).toBeGreaterThan(0);
      expect(
        (await step(() => db.updateTable('inquiries').set({ deleted_at: 7 }).where('id', '=', id).execute()))[0],
      ).toBeGreaterThan(0);
      expect((await step(() => sql`DELETE FROM inquiries`.execute(db)))[0]).toBeGreaterThan(0);
      if (engine === 'postgres') {
        await insertInquiryRows(db, [row()]);
        expect((await step(() => sql`TRUNCATE inquiries CASCADE`.execute(db)))[0]).toBeGreaterThan(0);
      }
    });
  });
});

describe.each(testEngines.filter((e) => e === 'postgres'))('the stored search text on %s', (engine) => {
  it('holds each inquiry NFC-normalised and lower-cased, and follows edits', async () => {
    await withDatabase(engine, async (handle) => {
      await migrateToLatest(handle);
      const db = handle.db;
      // Written straight to the table, as another process might: the column normalises by itself.
      const rows = [row({ customer_name: 'Ayşe KAYA', location: 'Goa' }), row({ customer_name: 'Rene\u0301e' })];
      await insertInquiryRows(db, rows);
      await sql`UPDATE inquiries SET customer_name = ${'Rene\u0301e'} WHERE id = ${rows[1]!.id}`.execute(db);
      const text = async (id: string) =>
        (await sql<{ t: string }>`SELECT search_text AS t FROM inquiries WHERE id = ${id}`.execute(db)).rows[0]!.t;
      expect(await text(rows[0]!.id)).toContain(' ayşe kaya ');
      expect(await text(rows[0]!.id)).toContain(' goa ');
      expect(await text(rows[1]!.id)).toContain(' ren\u00e9e ');
      await sql`UPDATE inquiries SET location = 'Spiti' WHERE id = ${rows[0]!.id}`.execute(db);
      expect(await text(rows[0]!.id)).toContain(' spiti ');
    });
  });

  it('compares the text sort columns and id byte-wise, as SQLite does, whatever the database collation', async () => {
    await withDatabase(engine, async (handle) => {
      await migrateToLatest(handle);
      const { rows } = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
        WHERE table_name = 'inquiries' AND collation_name = 'C'`.execute(handle.db);
      const byteWise = rows.map((r) => r.column_name);
      for (const c of [
        'id',
        'customer_name',
        'customer_email',
        'customer_whatsapp',
        'staff_name',
        'location',
        'status',
      ])
        expect(byteWise).toContain(c);
    });
  });
});
