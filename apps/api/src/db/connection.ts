// Opens the configured database and brings its schema up to date.
import path from 'node:path';
import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { Config } from '../config';
import { openPostgres, openSqlite, type DbHandle } from './dialect';
import { allMigrations, INQUIRY_SEARCH_TEXT_MIGRATION } from './migrations/index';

export const SQLITE_FILE_NAME = 'safarnama.db';

export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): DbHandle {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openSqlite(path.join(config.DATA_DIR, SQLITE_FILE_NAME));
}

function migratorFor(handle: DbHandle) {
  const migrations = allMigrations(handle.engine);
  return new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
}

function check({ error, results }: MigrationResultSet) {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Applies every pending migration (run at start). */
export async function migrateToLatest(handle: DbHandle) {
  const result = await migratorFor(handle).migrateToLatest();
  check(result);
  const applied = new Set(result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName));
  if (handle.engine === 'postgres' && applied.has(INQUIRY_SEARCH_TEXT_MIGRATION)) await vacuumInquiries(handle);
}

/**
 * PostgreSQL after migration 007 rewrote the inquiries table: its visibility map is empty, so every index-only
 * count (a search's floor, the page walks) reads the table too (a floor 1 ms -> 180 ms at a million rows), and
 * autovacuum, which counts dead and inserted rows, sees neither. VACUUM cannot run in the migrations'
 * transaction; about a second at a million rows.
 */
async function vacuumInquiries(handle: DbHandle) {
  await handle.db.connection().execute(async (conn) => {
    await sql`SET statement_timeout = 0`.execute(conn);
    await sql`VACUUM (ANALYZE) inquiries`.execute(conn);
    await sql`RESET statement_timeout`.execute(conn);
  });
}

/** Undoes every migration (tests of the down path). */
export async function migrateToNone(handle: DbHandle) {
  const { NO_MIGRATIONS } = await import('kysely');
  check(await migratorFor(handle).migrateTo(NO_MIGRATIONS));
}
