// Opens the configured database and brings its schema up to date.
import path from 'node:path';
import { Migrator, type MigrationResultSet } from 'kysely';
import type { Config } from '../config';
import { openPostgres, openSqlite, type DbHandle } from './dialect';
import { allMigrations } from './migrations/index';

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
  check(await migratorFor(handle).migrateToLatest());
}

/** Undoes every migration (tests of the down path). */
export async function migrateToNone(handle: DbHandle) {
  const { NO_MIGRATIONS } = await import('kysely');
  check(await migratorFor(handle).migrateTo(NO_MIGRATIONS));
}
