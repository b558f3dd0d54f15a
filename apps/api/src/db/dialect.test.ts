// The connection settings every API query runs under, on each engine.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_POOL_KEPT_OPEN, SQLITE_CACHE_KIB, SQLITE_MMAP_BYTES, openPostgres, openSqlite } from './dialect';
import { createTestDatabase, testEngines } from '../test/helper';

describe.runIf(testEngines.includes('postgres'))('the PostgreSQL pool', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('runs queries without parallel workers, under a statement timeout, pricing random reads as on SSD', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.drop());
    const { db } = openPostgres(database.databaseUrl!);
    cleanups.push(() => db.destroy());
    const show = async (name: string) =>
      (await sql<Record<string, string>>`SELECT current_setting(${name}) AS v`.execute(db)).rows[0]!.v;
    expect(await show('max_parallel_workers_per_gather')).toBe('0');
    expect(await show('statement_timeout')).toBe('15s');
    expect(await show('random_page_cost')).toBe('1.1');
  });

  it("keeps a page's burst of connections open through a quiet hour, and closes the rest", async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.drop());
    // Fake timers from before the first release, so the pool's idle timers are the fake ones; the queries'
    // sockets are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { db, pool } = openPostgres(database.databaseUrl!);
      cleanups.push(() => db.destroy());
      const backend = async () =>
        (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(db)).rows[0]!.pid;
      const burst = await Promise.all(Array.from({ length: PG_POOL_KEPT_OPEN + 2 }, backend));
      expect(new Set(burst).size).toBe(PG_POOL_KEPT_OPEN + 2);
      vi.advanceTimersByTime(60 * 60_000);
      expect(pool!.totalCount).toBe(PG_POOL_KEPT_OPEN);
      // The first query after the pause runs on a server process that was already open.
      expect(burst).toContain(await backend());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the SQLite database', () => {
  it('runs in WAL mode with full sync, foreign keys, a busy timeout, a 16 MiB page cache and mapped reads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-dialect-'));
    const { db } = openSqlite(path.join(dir, 'test.db'));
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      // 2 = FULL: an acknowledged write survives power loss, not only a crash (decisions §8).
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('cache_size')).toBe(-SQLITE_CACHE_KIB);
      expect(await pragma('mmap_size')).toBe(SQLITE_MMAP_BYTES);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
