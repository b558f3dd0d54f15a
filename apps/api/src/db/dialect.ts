// The small place where SQLite and PostgreSQL differ: connection setup and column types.
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import SQLite from './sqlite-driver';
import { Kysely, PostgresDialect, SqliteDialect, type ColumnDataType } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { withStatementCache } from './sqlite-statement-cache';
import { makePrivateDir, makePrivateFiles, touchPrivateFile } from '../lib/private-files';

export type Engine = 'sqlite' | 'postgres';

/** int8 comes back from pg as a string by default; our int8 columns (ms, paise) fit in a double. */
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DbHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** For SQLite only: the file path (backups, integrity checks). */
  file?: string;
  /** For SQLite only: the connection behind Kysely, for reads that take rows as arrays (the CSV export). */
  sqlite?: BetterSqlite3.Database;
  /** For PostgreSQL only: the connection pool (its gauges in /metrics). */
  pool?: pg.Pool;
}

/** SQLite's page cache, in KiB. */
export const SQLITE_CACHE_KIB = 16_384;
/** How much of the database file SQLite reads through memory mapping: the most this build maps (MAX_MMAP_SIZE). */
export const SQLITE_MMAP_BYTES = 0x7fff0000;

/** The database file and the two SQLite keeps beside it in WAL mode. */
export const sqliteFilesOf = (file: string) => [file, `${file}-wal`, `${file}-shm`];

export function openSqlite(file: string): DbHandle {
  // The file holds the token signing key (settings.jwt_secret) and every account: this user's only. SQLite gives
  // the -wal and -shm it creates the database file's mode; ones left by an earlier version are chmod-ed here.
  makePrivateDir(path.dirname(file));
  makePrivateFiles(sqliteFilesOf(file));
  touchPrivateFile(file);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives power loss, not only a process crash (decisions §8 durability).
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // 16 MiB of pages kept in the process (the default is 2 MiB): a search touches hundreds of index and table pages,
  // and each one not kept is a read from the OS; more gained little, and a cache filling up shows as RSS growth in
  // the memory budget.
  database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // Pages read through a mapping rather than copied into that cache: a large read (a cached set's first sort, 120,000
  // rows spread over the table) costs a third less. The pages count in RSS but belong to the OS's file cache.
  database.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    engine: 'sqlite',
    file,
    sqlite: database,
  };
}

/** Connections the PostgreSQL pool keeps open however long it sits idle. */
export const PG_POOL_KEPT_OPEN = 4;

export function openPostgres(connectionString: string): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A page's burst of connections (the Staff dashboard asks for four things at once) stays open through quiet
    // spells; more close after pg-pool's 10 s. A new one costs the first request after a pause a connection and a
    // cold server process, whose first query also fills its caches (docs/deployment.md). Keep-alive keeps a
    // network from dropping the idle ones.
    min: PG_POOL_KEPT_OPEN,
    keepAlive: true,
    connectionTimeoutMillis: 3000,
    // Keeps a broken query from holding a connection forever.
    statement_timeout: 15000,
    // No parallel workers: the API's queries read a page or a capped count, where starting workers costs
    // more than it saves, and on a small server the other requests need those cores. A random page read priced
    // as on SSD (PostgreSQL's default prices a spinning disk's): at 4.0 a status's deep page with a workflow
    // filter walked the index of every status, testing five rows for each it kept.
    options: '-c max_parallel_workers_per_gather=0 -c random_page_cost=1.1',
  });
  // An idle client losing its server must not crash the process (the pool replaces it).
  pool.on('error', () => undefined);
  // Nor a checked-out one: pg emits 'error' on a client whose server vanishes between queries (a
  // PostgreSQL restart mid-request), and an 'error' event without a listener kills the process. The
  // query in flight still fails (→ 503) and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres', pool };
}

/** Column types by engine, so migrations read the same for both. */
export function columnTypes(engine: Engine) {
  return {
    /** Epoch ms and paise. */
    bigint: (engine === 'postgres' ? 'bigint' : 'integer') as ColumnDataType,
    text: 'text' as ColumnDataType,
    int: 'integer' as ColumnDataType,
  };
}

/** Whether a query error means the database is unreachable (→ 503) rather than a bug. */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code ?? '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'ENOTFOUND',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
      '53300',
      'SQLITE_BUSY',
      'SQLITE_CANTOPEN',
      'SQLITE_IOERR',
    ].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
      err.message,
    )
  );
}
