// Opens the configured database and brings its schema up to date.
import path from 'node:path';
import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { Config } from '../config';
import { openPostgres, openSqlite, type DbHandle } from './dialect';
import { allMigrations } from './migrations/index';

export const SQLITE_FILE_NAME = 'safarnama.db';

export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): DbHandle {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openSqlite(path.join(config.DATA_DIR, SQLITE_FILE_NAME));
}

function migratorFor(handle: DbHandle, migrations = allMigrations(handle.engine)) {
  return new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
}

function check({ error, results }: MigrationResultSet) {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Applies every pending migration (run at start), then vacuums the tables the applied ones ask for. */
export async function migrateToLatest(handle: DbHandle) {
  const migrations = allMigrations(handle.engine);
  const result = await migratorFor(handle, migrations).migrateToLatest();
  check(result);
  const tables = new Set(
    (result.results ?? [])
      .filter((r) => r.status === 'Success')
      .flatMap((r) => migrations[r.migrationName]?.vacuumAfter ?? []),
  );
  if (tables.size > 0) await vacuum(handle, [...tables]);
}

/** PostgreSQL's VACUUM (ANALYZE) outside any transaction, on one connection without the pool's statement timeout. */
async function vacuum(handle: DbHandle, tables: readonly string[]) {
  await handle.db.connection().execute(async (conn) => {
    await sql`SET statement_timeout = 0`.execute(conn);
    for (const table of tables) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(conn);
    await sql`RESET statement_timeout`.execute(conn);
  });
}

/** Undoes every migration (tests of the down path). */
export async function migrateToNone(handle: DbHandle) {
  const { NO_MIGRATIONS } = await import('kysely');
  check(await migratorFor(handle).migrateTo(NO_MIGRATIONS));
}
