// Loads generated inquiries in bulk for the scale benchmark: the table's secondary indexes and triggers set aside,
// rows written in large transactions (PostgreSQL: a column array per statement), then the derived data built once
// (indexes, SQLite's seq and FTS5 index, the counters, the data version) and the planner's statistics refreshed.
// `oneByOne` inserts through the triggers instead, as the app does; a test checks both give the same database.
import fs from 'node:fs';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../apps/api/src/db/database';
import type { DbHandle } from '../../apps/api/src/db/dialect';
import { hashPassword } from '../../apps/api/src/auth/password-hash';
import { findUserByEmail, insertUser, newAccountRow } from '../../apps/api/src/users/user.repository';
import { newId } from '../../apps/api/src/lib/ids';
import { now } from '../../apps/api/src/lib/clock';
import {
  analyzeInquiries,
  insertInquiryRows,
  type NewInquiryRow,
} from '../../apps/api/src/inquiries/inquiry.repository';
import { SEQ_PER_MS, sqliteMonthOf } from '../../apps/api/src/inquiries/search/search-schema';
import { generateInquiries, SEED_STAFF } from './inquiry-generator';

export interface SeedOptions {
  count: number;
  seed?: number;
  years?: number;
  /** The newest row's time (default now): with `seed`, the same rows every time. */
  endMs?: number;
  /** Insert through the triggers, a statement of a few hundred rows at a time, as the app would. */
  oneByOne?: boolean;
  onProgress?: (done: number, seconds: number) => void;
  /** Each phase's wall and CPU seconds (this process; PostgreSQL's server process when it runs on this machine). */
  onPhase?: (phase: Phase) => void;
}

export interface Phase {
  name: string;
  wall: number;
  cpu: number;
  serverCpu?: number;
}

/** CPU seconds of this process so far. */
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** CPU seconds of a local PostgreSQL backend (utime + stime from /proc), or undefined when it is not readable. */
function processCpu(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are the 14th and 15th fields of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Rows per transaction: few commits, and progress to report. */
const CHUNK = 50_000;

/** The seed's staff accounts (assignees); their password is random and never shown, so nobody logs in as them. */
async function ensureSeedStaff(handle: DbHandle) {
  const passwordHash = await hashPassword(`${newId()}Aa1!`);
  const staff: { id: string; name: string; email: string }[] = [];
  for (const { name, email } of SEED_STAFF) {
    const existing = await findUserByEmail(handle.db, email);
    if (existing) {
      staff.push({ id: existing.id, name: existing.name, email: existing.email });
      continue;
    }
    const at = now();
    const id = newId();
    await insertUser(handle.db, newAccountRow({ id, name, email, passwordHash, role: 'Staff', verified: true, at }));
    staff.push({ id, name, email });
  }
  return staff;
}

/** Times phases: wall and CPU seconds, reported through `onPhase`. */
function phases(onPhase: SeedOptions['onPhase'], backendPid: () => number | undefined) {
  return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const [wall, cpu, server] = [performance.now(), ownCpu(), processCpu(backendPid())];
    try {
      return await fn();
    } finally {
      const serverAfter = processCpu(backendPid());
      onPhase?.({
        name,
        wall: (performance.now() - wall) / 1000,
        cpu: ownCpu() - cpu,
        ...(server !== undefined && serverAfter !== undefined ? { serverCpu: serverAfter - server } : {}),
      });
    }
  };
}

/** Adds `count` inquiries to an already migrated database, then refreshes the planner's statistics. */
export async function seedInquiries(handle: DbHandle, opts: SeedOptions): Promise<void> {
  const started = performance.now();
  const staff = await ensureSeedStaff(handle);
  const rows = generateInquiries({
    count: opts.count,
    seed: opts.seed ?? 42,
    staff,
    years: opts.years ?? 3,
    endMs: opts.endMs ?? now(),
  });
  const load = opts.oneByOne
    ? (db: Kysely<Database>, chunk: NewInquiryRow[]) => insertBatches(db, chunk, 500)
    : handle.engine === 'postgres'
      ? insertPostgresArrays
      : (db: Kysely<Database>, chunk: NewInquiryRow[]) => insertBatches(db, chunk, 1000);
  const loadChunks = async (db: Kysely<Database>) => {
    let chunk: NewInquiryRow[] = [];
    let done = 0;
    const flush = async () => {
      await db.transaction().execute((trx) => load(trx as unknown as Kysely<Database>, chunk));
      done += chunk.length;
      chunk = [];
      opts.onProgress?.(done, (performance.now() - started) / 1000);
    };
    for (const row of rows) {
      chunk.push(row);
      if (chunk.length >= CHUNK) await flush();
    }
    if (chunk.length > 0) await flush();
  };
  if (opts.oneByOne) {
    await loadChunks(handle.db);
    await analyzeInquiries(handle.db, handle.engine);
  } else if (handle.engine === 'postgres') {
    await bulkPostgres(handle.db, loadChunks, opts.onPhase);
  } else {
    const time = phases(opts.onPhase, () => undefined);
    await bulkSqlite(handle.db, (db) => time('rows loaded', () => loadChunks(db)), time);
    await time('statistics (FTS5 optimize, ANALYZE)', () => analyzeInquiries(handle.db, 'sqlite'));
  }
}

type Timer = ReturnType<typeof phases>;

async function insertBatches(db: Kysely<Database>, rows: readonly NewInquiryRow[], batch: number) {
  for (let i = 0; i < rows.length; i += batch) await insertInquiryRows(db, rows.slice(i, i + batch));
}

const run = async (db: Kysely<Database>, statements: readonly string[]) => {
  for (const s of statements) {
    const t0 = performance.now();
    await sql.raw(s).execute(db);
    if (process.env.SEED_TRACE)
      console.info(`    ${((performance.now() - t0) / 1000).toFixed(1)} s  ${s.replace(/\s+/g, ' ').slice(0, 70)}`);
  }
};

/**
 * The reports' roll-up triggers (migration 006's by day and destination, 007's by source) keep firing while the
 * rows load: their tables are per day, not per row, and nothing here rebuilds them afterwards.
 */
const isRollUpTrigger = (name: RawBuilder<unknown>) =>
  sql`(${name} LIKE 'inquiries_reports_%' OR ${name} LIKE 'inquiries_sources_%')`;

/** SQLite: the table's indexes (but seq's) and triggers set aside while `load` runs, then rebuilt from their SQL. */
async function bulkSqlite(db: Kysely<Database>, load: (db: Kysely<Database>) => Promise<void>, time: Timer) {
  const saved = (
    await sql<{ type: string; name: string; sql: string }>`
      SELECT type, name, sql FROM sqlite_master
      WHERE tbl_name = 'inquiries' AND type IN ('index', 'trigger') AND sql IS NOT NULL AND name <> 'inquiries_seq'
        AND NOT ${isRollUpTrigger(sql.ref('name'))}`.execute(db)
  ).rows;
  // No rollback journal and no fsync while the seed writes: WAL would write every page twice (log, then
  // checkpoint), and a seed cut short is thrown away anyway. The app's settings come back at the end.
  const pragma = async (p: string) => Object.values((await sql.raw(`PRAGMA ${p}`).execute(db)).rows[0] ?? {})[0];
  const [journal, synchronous] = [await pragma('journal_mode'), await pragma('synchronous')];
  await run(db, ['PRAGMA journal_mode = OFF', 'PRAGMA synchronous = OFF']);
  await run(
    db,
    saved.map((s) => `DROP ${s.type === 'index' ? 'INDEX' : 'TRIGGER'} ${s.name}`),
  );
  try {
    await load(db);
  } finally {
    // What the triggers would have done, once for every row: seq after the rows already in its millisecond,
    // in id order; the counters counted again; the FTS5 index rebuilt from its content view.
    await time('seq numbered', () =>
      run(db, [
        `UPDATE inquiries SET seq = r.s FROM (
        SELECT n.rowid AS rid, row_number() OVER (PARTITION BY n.created_at ORDER BY n.id) - 1 + coalesce(
          (SELECT max(o.seq) + 1 FROM inquiries o
            WHERE o.seq >= n.created_at * ${SEQ_PER_MS} AND o.seq < (n.created_at + 1) * ${SEQ_PER_MS}),
          n.created_at * ${SEQ_PER_MS}) AS s
        FROM inquiries n WHERE n.seq IS NULL) r
      WHERE inquiries.rowid = r.rid`,
      ]),
    );
    await time('indexes built', () =>
      run(
        db,
        saved.filter((s) => s.type === 'index').map((s) => s.sql),
      ),
    );
    await time('counters counted', () =>
      run(db, [
        'DELETE FROM inquiry_status_counts',
        `INSERT INTO inquiry_status_counts (status, n)
        SELECT status, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY status`,
        'DELETE FROM inquiry_month_counts',
        `INSERT INTO inquiry_month_counts (month, n)
        SELECT ${sqliteMonthOf('created_at')}, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY 1`,
      ]),
    );
    await time('FTS5 index built', () =>
      run(db, [
        // Segments merged once at the end ('optimize', analyzeInquiries) rather than over and over while it fills.
        `INSERT INTO inquiries_fts (inquiries_fts, rank) VALUES ('automerge', 0)`,
        `INSERT INTO inquiries_fts (inquiries_fts, rank) VALUES ('crisismerge', 64)`,
        `INSERT INTO inquiries_fts (inquiries_fts) VALUES ('rebuild')`,
        `INSERT INTO inquiries_fts (inquiries_fts, rank) VALUES ('automerge', 4)`,
        `INSERT INTO inquiries_fts (inquiries_fts, rank) VALUES ('crisismerge', 16)`,
      ]),
    );
    await run(db, [
      ...saved.filter((s) => s.type === 'trigger').map((s) => s.sql),
      'UPDATE inquiry_list_version SET v = v + 1 WHERE id = 1',
      `PRAGMA journal_mode = ${String(journal)}`,
      `PRAGMA synchronous = ${Number(synchronous)}`,
    ]);
  }
}

/**
 * PostgreSQL: the secondary indexes dropped and the triggers (but the reports') disabled while `load` runs, all on
 * one connection, whose server process's CPU time is reported when it runs on this machine.
 */
async function bulkPostgres(
  db: Kysely<Database>,
  load: (db: Kysely<Database>) => Promise<void>,
  onPhase: SeedOptions['onPhase'],
) {
  await db.connection().execute(async (conn) => {
    const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(conn)).rows[0]?.pid;
    const time = phases(onPhase, () => pid);
    const indexes = (
      await sql<{ name: string; def: string }>`
        SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE tablename = 'inquiries' AND indexname <> 'inquiries_pkey'`.execute(conn)
    ).rows;
    const triggers = (
      await sql<{ name: string }>`
        SELECT tgname AS name FROM pg_trigger
        WHERE tgrelid = 'inquiries'::regclass AND NOT tgisinternal AND NOT ${isRollUpTrigger(sql.ref('tgname'))}`.execute(
        conn,
      )
    ).rows.map((t) => t.name);
    const trigram = (i: { def: string }) => i.def.includes('gin_trgm_ops');
    await run(conn, [
      ...MAINTENANCE,
      ...indexes.map((i) => `DROP INDEX ${i.name}`),
      ...triggers.map((name) => `ALTER TABLE inquiries DISABLE TRIGGER ${name}`),
    ]);
    try {
      await time('rows loaded', () => load(conn));
    } finally {
      await run(
        conn,
        triggers.map((name) => `ALTER TABLE inquiries ENABLE TRIGGER ${name}`),
      );
      // GIN is built by one process: the trigram index takes a second connection, beside the B-trees.
      await time('indexes built', () =>
        Promise.all([
          db
            .connection()
            .execute((other) =>
              run(other, [...MAINTENANCE, ...indexes.filter(trigram).map((i) => i.def), ...MAINTENANCE_RESET]),
            ),
          run(
            conn,
            indexes.filter((i) => !trigram(i)).map((i) => i.def),
          ),
        ]),
      );
      await time('counters counted', () =>
        run(conn, [
          // What the statement triggers would have done: the counters counted again, the data version moved on.
          'DELETE FROM inquiry_status_counts',
          `INSERT INTO inquiry_status_counts (status, n)
          SELECT status, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY status`,
          'DELETE FROM inquiry_month_counts',
          `INSERT INTO inquiry_month_counts (month, n)
          SELECT inquiry_month(created_at), count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY 1`,
          'UPDATE inquiry_list_version SET v = v + 1 WHERE id = 1',
        ]),
      );
    }
    await time('statistics (VACUUM ANALYZE)', () => analyzeInquiries(conn, 'postgres'));
    await run(conn, MAINTENANCE_RESET);
  });
}

/** PostgreSQL: a session's settings for building indexes on a large table, and their undoing. */
const MAINTENANCE = ['SET statement_timeout = 0', "SET maintenance_work_mem = '256MB'"];
const MAINTENANCE_RESET = ['RESET maintenance_work_mem', 'RESET statement_timeout'];

/** PostgreSQL array types of the inquiries' columns, for unnest(). */
const PG_ARRAY_TYPE: Record<string, string> = { text: 'text[]', bigint: 'bigint[]', integer: 'integer[]' };

/** PostgreSQL: rows as one array per column, unnested into the table: one statement for ten thousand rows. */
async function insertPostgresArrays(db: Kysely<Database>, rows: readonly NewInquiryRow[]) {
  const columns = (
    await sql<{ name: string; type: string }>`
      SELECT column_name AS name, data_type AS type FROM information_schema.columns
      WHERE table_name = 'inquiries' AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(db)
  ).rows;
  for (let i = 0; i < rows.length; i += 10_000) {
    const slice = rows.slice(i, i + 10_000) as Record<string, unknown>[];
    const arrays = columns.map((c) => {
      const values = slice.map((r) => {
        const v = r[c.name] ?? null;
        return typeof v === 'string' ? v.normalize('NFC') : v;
      });
      return sql`${values}::${sql.raw(PG_ARRAY_TYPE[c.type] ?? 'text[]')}`;
    });
    const names = sql.raw(columns.map((c) => c.name).join(', '));
    await sql`INSERT INTO inquiries (${names}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(db);
  }
}
