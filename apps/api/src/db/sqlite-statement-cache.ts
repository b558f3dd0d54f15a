// better-sqlite3 behind Kysely with its prepared statements kept: Kysely prepares every query anew, which for the
// inquiry list's larger statements (an FTS5 join, a bounded walk) is a measurable share of a request. SQLite
// re-prepares a kept statement itself after a schema change.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** The statements kept, least recently used first out; texts with varying IN lists come and go. */
export const STATEMENTS_KEPT = 200;

export function withStatementCache(database: SQLite.Database, size = STATEMENTS_KEPT): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = kept.get(sql);
      if (statement) {
        kept.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (kept.size >= size) kept.delete(kept.keys().next().value!);
      }
      // A Map keeps insertion order: re-inserting on each use makes its first key the least recently used.
      kept.set(sql, statement);
      return statement as unknown as SqliteStatement;
    },
  };
}
