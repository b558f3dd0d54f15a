// better-sqlite3 behind Kysely with its prepared statements kept, their rows read as arrays: Kysely prepares every
// query anew, which for the inquiry list's larger statements (an FTS5 join, a bounded walk) is a measurable share of
// a request. SQLite re-prepares a kept statement itself after a schema change; the row shapes go with it.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** The statements kept, least recently used first out; texts with varying IN lists come and go. */
const STATEMENTS_KEPT = 200;

export function withStatementCache(database: SQLite.Database, size = STATEMENTS_KEPT): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  // A kept statement's rows are shaped by the columns it had when prepared: a schema change lets them all go.
  const schemaVersion = database.prepare('PRAGMA schema_version').pluck();
  let seenVersion = schemaVersion.get();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const version = schemaVersion.get();
      if (version !== seenVersion) {
        kept.clear();
        seenVersion = version;
      }
      let statement = kept.get(sql);
      if (statement) {
        kept.delete(sql);
      } else {
        statement = withRowsAsArrays(database.prepare(sql));
        if (kept.size >= size) kept.delete(kept.keys().next().value!);
      }
      // A Map keeps insertion order: re-inserting on each use makes its first key the least recently used.
      kept.set(sql, statement);
      return statement;
    },
  };
}

/**
 * A reading statement's rows taken as arrays and made into objects by one object literal of its columns:
 * better-sqlite3 makes each row object through V8's API, key by key, which took half of a 200-row page's query
 * (docs/performance.md). Objects come out the same, a repeated column name keeping the last value as before.
 */
function withRowsAsArrays(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement as unknown as SqliteStatement;
  statement.raw(true);
  const keys = statement.columns().map((c, i) => `${JSON.stringify(c.name)}: r[${i}]`);
  // Generated from the statement's own column names (quoted by JSON.stringify), once per kept statement.
  const row = new Function('r', `return { ${keys.join(', ')} };`) as (r: unknown[]) => unknown;
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(row),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const r of statement.iterate(parameters) as IterableIterator<unknown[]>) yield row(r);
    },
  };
}
