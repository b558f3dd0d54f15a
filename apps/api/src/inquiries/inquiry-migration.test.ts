// Migration 004 on a database that already holds inquiries (an upgrade), and its way down and up again;
// migration 006's data version that moves on by the rows a write changed; migration 007's stored search text;
// the word pairs of migrations 008 (SQLite) and 009 (PostgreSQL), and their created_at (010, PostgreSQL).
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../test/helper';
import { migrateToLatest, migrateToNone, openDatabase } from '../db/connection';
import { allMigrations } from '../db/migrations/index';
import { findListState, findStatusCounts, insertInquiryRows } from './inquiry.repository';
import { findPageIds } from './inquiry-page.repository';
import { countSearchMatches, findCandidateMatches } from './inquiry-search.repository';
import { prepareSearch } from './inquiry-search-text';
import { findListVersion, row } from './inquiry-test-kit';

describe.each(testEngines)('migration 004 on %s', (engine) => {
  it('indexes, counts and orders the inquiries already there', async () => {
    const database = await createTestDatabase(engine);
    const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    try {
      const migrations = allMigrations(engine);
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('001-initial')).error).toBeUndefined();
      const at = Date.UTC(2024, 4, 1);
      // Two in the same millisecond, one deleted: the upgrade must order, count and index them right.
      const rows = [
        row({ location: 'Goa', status: 'New', created_at: at }),
        row({ location: 'Goa', status: 'Booked', created_at: at }),
        row({ location: 'Manali', status: 'New', created_at: at - 5 }),
        row({ location: 'Goa', status: 'New', created_at: at + 5, deleted_at: at + 9 }),
      ];
      await insertInquiryRows(handle.db, rows);

      await migrateToLatest(handle);
      expect((await findStatusCounts(handle.db)).sort((a, b) => a.status.localeCompare(b.status))).toEqual([
        { status: 'Booked', n: 1 },
        { status: 'New', n: 2 },
      ]);
      // The list reads the same counters with the data version in one statement.
      const state = await findListState(handle.db);
      expect(state.version).toBe(await findListVersion(handle.db));
      expect(state.counts.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
        { status: 'Booked', n: 1 },
        { status: 'New', n: 2 },
      ]);
      const goa = await prepareSearch(handle.db, engine, 'goa');
      expect(await countSearchMatches(handle.db, goa, 100)).toBe(2);
      // The searchable text follows an edit made after the upgrade (the FTS5 triggers on SQLite, the expression index on PostgreSQL).
      await sql`UPDATE inquiries SET location = 'Ziro Valley' WHERE id = ${rows[1]!.id}`.execute(handle.db);
      expect(await countSearchMatches(handle.db, goa, 100)).toBe(1);
      expect(await countSearchMatches(handle.db, await prepareSearch(handle.db, engine, 'ziro'), 100)).toBe(1);
      const byCreated = [rows[2]!, rows[0]!, rows[1]!].map((r) => r.id);
      const page = {
        scope: { kind: 'all' as const },
        sort: 'createdAt' as const,
        order: 'asc' as const,
        limit: 10,
        offset: 0,
      };
      expect(await findPageIds(handle.db, page, 'index')).toEqual(byCreated);
      if (engine === 'sqlite') {
        const all = await prepareSearch(handle.db, engine, 'customer');
        expect(await findPageIds(handle.db, { ...page, search: all }, 'fts-rowid')).toEqual(byCreated);
      }

      await migrateToNone(handle);
      await migrateToLatest(handle);
      const counts = await sql<{ n: number }>`SELECT count(*) AS n FROM inquiry_status_counts`.execute(handle.db);
      expect(Number(counts.rows[0]!.n)).toBe(0);
      expect(await findListState(handle.db)).toEqual({ version: await findListVersion(handle.db), counts: [] });
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});

describe.each(testEngines)('the data version on %s (migration 006)', (engine) => {
  it('moves on by at least the rows each write changed', async () => {
    const database = await createTestDatabase(engine);
    const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    try {
      await migrateToLatest(handle);
      const db = handle.db;
      const step = async (write: () => Promise<unknown>) => {
        const before = await findListVersion(db);
        await write();
        return (await findListVersion(db)) - before;
      };
      const rows = [row(), row(), row({ location: 'Manali' })];
      expect(await step(() => insertInquiryRows(db, rows))).toBeGreaterThanOrEqual(3);
      expect(await step(() => sql`UPDATE inquiries SET location = 'Ziro' WHERE location = 'Goa'`.execute(db))).toBe(2);
      expect(await step(() => sql`UPDATE inquiries SET kids = 1 WHERE id = ${rows[2]!.id}`.execute(db))).toBe(1);
      expect(await step(() => sql`DELETE FROM inquiries`.execute(db))).toBeGreaterThanOrEqual(3);
      if (engine === 'postgres') {
        // TRUNCATE takes every row, however many: the version jumps past any floor.
        await insertInquiryRows(db, [row()]);
        expect(await step(() => sql`TRUNCATE inquiries CASCADE`.execute(db))).toBeGreaterThan(1e9);
      }

      // Down to 005 and up again: still by rows.
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(engine) } });
      expect((await migrator.migrateTo('005-inquiry-list-version')).error).toBeUndefined();
      expect(await step(() => insertInquiryRows(db, [row(), row()]))).toBeGreaterThanOrEqual(1);
      await migrateToLatest(handle);
      expect(await step(() => insertInquiryRows(db, [row(), row()]))).toBeGreaterThanOrEqual(2);
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});

describe.each(testEngines.filter((e) => e === 'postgres'))('the stored search text on %s (migration 007)', (engine) => {
  it('holds each inquiry lower-cased, follows edits, leaves the table vacuumed, and goes down and up again', async () => {
    const database = await createTestDatabase(engine);
    const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    try {
      const db = handle.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(engine) } });
      expect((await migrator.migrateTo('006-inquiry-version-by-rows')).error).toBeUndefined();
      const rows = [row({ customer_name: 'Ayşe KAYA', location: 'Goa' }), row({ location: 'Ziro Valley' })];
      await insertInquiryRows(db, rows);

      await migrateToLatest(handle);
      const text = async (id: string) =>
        (await sql<{ t: string }>`SELECT search_text AS t FROM inquiries WHERE id = ${id}`.execute(db)).rows[0]!.t;
      expect(await text(rows[0]!.id)).toContain(' ayşe kaya ');
      expect(await text(rows[0]!.id)).toContain(' goa ');
      await sql`UPDATE inquiries SET location = 'Spiti' WHERE id = ${rows[0]!.id}`.execute(db);
      expect(await text(rows[0]!.id)).toContain(' spiti ');
      expect(await countSearchMatches(db, await prepareSearch(db, engine, 'SPITI'), 100)).toBe(1);
      // The rewrite left no page marked all-visible; the start-up VACUUM marks them again.
      const vacuums = await sql<{ n: string }>`
        SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'inquiries'`.execute(db);
      expect(Number(vacuums.rows[0]!.n)).toBeGreaterThan(0);

      expect((await migrator.migrateTo('006-inquiry-version-by-rows')).error).toBeUndefined();
      const columns = await sql<{ n: string }>`
        SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'inquiries' AND column_name = 'search_text'`.execute(
        db,
      );
      expect(Number(columns.rows[0]!.n)).toBe(0);
      await migrateToLatest(handle);
      expect(await countSearchMatches(db, await prepareSearch(db, engine, 'ziro'), 100)).toBe(1);
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});

describe.each(testEngines)('the word pairs on %s (migrations 008 and 009)', (engine) => {
  it('holds the pairs of the inquiries already there, and goes down and up again', async () => {
    const database = await createTestDatabase(engine);
    const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    try {
      const db = handle.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(engine) } });
      expect((await migrator.migrateTo('007-inquiry-search-text')).error).toBeUndefined();
      const rows = [
        row({ customer_name: 'Suresh Srivastava' }),
        row({ customer_name: 'Naresh Srivastava', deleted_at: 5 }),
        row({ customer_name: 'Suresh Sriram' }),
      ];
      await insertInquiryRows(db, rows);
      const key = sql.raw(engine === 'postgres' ? 'i.id = p.id' : 'i.seq = p.seq');
      const pairs = async () =>
        (
          await sql<{ pair: string; id: string }>`
            SELECT p.pair, i.id FROM inquiry_word_pairs p JOIN inquiries i ON ${key}
            WHERE p.pair LIKE '%|hser' ORDER BY p.pair`.execute(db)
        ).rows;

      await migrateToLatest(handle);
      // The deleted one has none.
      expect(await pairs()).toEqual([
        { pair: 'sriram|hser', id: rows[2]!.id },
        { pair: 'srivas|hser', id: rows[0]!.id },
      ]);
      const search = await prepareSearch(db, engine, 'suresh sri');
      expect((await findCandidateMatches(db, search, 100))?.map((m) => m.id)).toEqual([rows[0]!.id, rows[2]!.id]);
      if (engine === 'postgres') {
        // A new table has no page marked all-visible; the start-up VACUUM marks them, for index-only reads.
        const vacuums = await sql<{ n: string }>`
          SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'inquiry_word_pairs'`.execute(db);
        expect(Number(vacuums.rows[0]!.n)).toBeGreaterThan(0);
      }

      // Down, an insert is still numbered, indexed and counted without the pairs; up, the pairs are filled again.
      expect((await migrator.migrateTo('007-inquiry-search-text')).error).toBeUndefined();
      const later = row({ customer_name: 'Suresh Srinivasan' });
      await insertInquiryRows(db, [later]);
      expect(await countSearchMatches(db, await prepareSearch(db, engine, 'srinivasan'), 100)).toBe(1);
      await migrateToLatest(handle);
      expect((await pairs()).map((p) => p.pair)).toEqual(['sriniv|hser', 'sriram|hser', 'srivas|hser']);
      // And the recreated insert trigger keeps them.
      await insertInquiryRows(db, [row({ customer_name: 'Ramesh Srinath' })]);
      expect((await pairs()).map((p) => p.pair)).toEqual(['sriniv|hser', 'sriram|hser', 'srivas|hser']);
      expect(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM inquiry_word_pairs WHERE pair = 'srinat|hsem'`.execute(db))
          .rows[0]!.n,
      ).toBe(1);
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});

describe.each(testEngines.filter((e) => e === 'postgres'))(
  'the word pairs’ created_at on %s (migration 010)',
  (engine) => {
    it('fills it for the pairs already there, keeps it through writes, and goes down and up again', async () => {
      const database = await createTestDatabase(engine);
      const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
      try {
        const db = handle.db;
        const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(engine) } });
        expect((await migrator.migrateTo('009-inquiry-word-pairs-postgres')).error).toBeUndefined();
        await insertInquiryRows(db, [
          row({ customer_name: 'Suresh Srivastava', created_at: Date.UTC(2025, 1, 3) }),
          row({ customer_name: 'Suresh Sriram', created_at: Date.UTC(2025, 1, 4) }),
        ]);
        const columns = async () =>
          (
            await sql<{ c: string }>`
            SELECT column_name AS c FROM information_schema.columns
            WHERE table_name = 'inquiry_word_pairs' ORDER BY ordinal_position`.execute(db)
          ).rows.map((r) => r.c);
        // Every pair with its inquiry's created_at, as many as before.
        const created = async () =>
          (
            await sql<{ pair: string; c: string }>`
            SELECT p.pair, p.created_at AS c FROM inquiry_word_pairs p JOIN inquiries i ON i.id = p.id
            WHERE p.created_at = i.created_at AND p.pair LIKE '%|hser' ORDER BY p.pair`.execute(db)
          ).rows.map((r) => [r.pair, Number(r.c)]);
        const count = async () =>
          Number((await sql<{ n: string }>`SELECT count(*) AS n FROM inquiry_word_pairs`.execute(db)).rows[0]!.n);
        const before = await count();

        await migrateToLatest(handle);
        expect(await columns()).toEqual(['pair', 'id', 'created_at']);
        expect(await count()).toBe(before);
        expect(await created()).toEqual([
          ['sriram|hser', Date.UTC(2025, 1, 4)],
          ['srivas|hser', Date.UTC(2025, 1, 3)],
        ]);
        await insertInquiryRows(db, [row({ customer_name: 'Suresh Srinivasan', created_at: Date.UTC(2025, 1, 5) })]);
        expect(await created()).toContainEqual(['sriniv|hser', Date.UTC(2025, 1, 5)]);

        // Down, the pairs are kept without it, by 009's trigger; up, it is filled again.
        expect((await migrator.migrateTo('009-inquiry-word-pairs-postgres')).error).toBeUndefined();
        expect(await columns()).toEqual(['pair', 'id']);
        await insertInquiryRows(db, [row({ customer_name: 'Ramesh Srinath', created_at: Date.UTC(2025, 1, 6) })]);
        await migrateToLatest(handle);
        expect(await created()).toEqual([
          ['sriniv|hser', Date.UTC(2025, 1, 5)],
          ['sriram|hser', Date.UTC(2025, 1, 4)],
          ['srivas|hser', Date.UTC(2025, 1, 3)],
        ]);
        expect(
          Number(
            (
              await sql<{
                c: string;
              }>`SELECT created_at AS c FROM inquiry_word_pairs WHERE pair = 'srinat|hsem'`.execute(db)
            ).rows[0]!.c,
          ),
        ).toBe(Date.UTC(2025, 1, 6));
      } finally {
        await handle.db.destroy();
        await database.drop();
      }
    });
  },
);
