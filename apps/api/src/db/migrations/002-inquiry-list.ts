// The inquiry list at a million rows (decisions §8, docs/ARCHITECTURE.md "The inquiry list"): an index for every sort
// with and without the status filter, counters kept by triggers (status counts, month counts and a data version that
// every write moves on), and the free-text search index (SQLite FTS5 trigram, PostgreSQL pg_trgm).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';
import {
  FTS_STATUS_CODES,
  PG_SEARCH_COLUMN,
  PG_SEARCH_EXPR,
  SEARCH_FIELDS,
  SEQ_PER_MS,
  searchTextOf,
  sqliteMonthOf as sqliteMonth,
} from '../../inquiries/search/search-schema';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** The list sort columns (D10); status has its own index below. */
const SORT_COLUMNS = 'customer_name customer_email customer_whatsapp staff_name location created_at updated_at';

/** Text columns that compare byte-wise ("C") on PostgreSQL, as SQLite's BINARY does; id breaks every sort's ties. */
const C_COLLATED_COLUMNS = 'id customer_name customer_email customer_whatsapp staff_name location status'.split(' ');

const statusCode = (col: string) =>
  `CASE ${col} ${Object.entries(FTS_STATUS_CODES)
    .map(([s, code]) => `WHEN '${s}' THEN '${code}'`)
    .join(' ')} ELSE '#?#' END`;

/** SQLite: a row's counters moved by `d` (1 or -1) when it is visible. */
const bump = (row: string, d: string) => `
  INSERT INTO inquiry_status_counts (status, n) SELECT ${row}.status, ${d} WHERE ${row}.deleted_at IS NULL
    ON CONFLICT (status) DO UPDATE SET n = n + ${d};
  INSERT INTO inquiry_month_counts (month, n) SELECT ${sqliteMonth(`${row}.created_at`)}, ${d} WHERE ${row}.deleted_at IS NULL
    ON CONFLICT (month) DO UPDATE SET n = n + ${d};`;
const ftsAdd = (row: string) =>
  `INSERT INTO inquiries_fts (rowid, search, status) SELECT ${row}.seq, ${searchTextOf(`${row}.`)}, ${statusCode(`${row}.status`)} WHERE ${row}.deleted_at IS NULL;`;
const ftsRemove = (row: string) =>
  `INSERT INTO inquiries_fts (inquiries_fts, rowid, search, status) SELECT 'delete', ${row}.seq, ${searchTextOf(`${row}.`)}, ${statusCode(`${row}.status`)} WHERE ${row}.deleted_at IS NULL;`;
const VERSION_BUMP = 'UPDATE inquiry_list_version SET v = v + 1 WHERE id = 1;';

const PG_TRIGGERS = ['inquiries_counts_ins', 'inquiries_counts_upd', 'inquiries_counts_del', 'inquiries_version'];
const SQLITE_TRIGGERS = [
  'inquiries_ai',
  'inquiries_au_search',
  'inquiries_au_counts',
  'inquiries_au_version',
  'inquiries_ad',
];

async function run(db: AnyDb, statements: readonly string[]) {
  for (const s of statements) await sql.raw(s).execute(db);
}

async function upPostgres(db: AnyDb) {
  // Adding the stored column rewrites a table that already holds rows, past the pool's statement timeout.
  await sql`SET LOCAL statement_timeout = 0`.execute(db);
  await run(db, [
    ...C_COLLATED_COLUMNS.map((c) => `ALTER TABLE inquiries ALTER COLUMN ${c} TYPE text COLLATE "C"`),
    // Both are trusted extensions (PostgreSQL 13+). btree_gin lets the status ride in the search's GIN index.
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    'CREATE EXTENSION IF NOT EXISTS btree_gin',
    `ALTER TABLE inquiries ADD COLUMN ${PG_SEARCH_COLUMN} text GENERATED ALWAYS AS (${PG_SEARCH_EXPR}) STORED`,
    // Without statistics the planner estimates a LIKE from its pattern, and keeps to the trigram index for a
    // count; with them it took a word in one row of fifty for several times as many and scanned the table.
    `ALTER TABLE inquiries ALTER COLUMN ${PG_SEARCH_COLUMN} SET STATISTICS 0`,
    `CREATE INDEX inquiries_search ON inquiries USING gin (status, ${PG_SEARCH_COLUMN} gin_trgm_ops) WHERE deleted_at IS NULL`,
    `CREATE FUNCTION inquiry_month(ms bigint) RETURNS text LANGUAGE sql STABLE AS
      $$ SELECT to_char(to_timestamp(ms / 1000.0) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') $$`,
  ]);
  // Statement-level: a batch insert of 1000 rows moves each counter once. ORDER BY locks the counter rows in one
  // order, so two concurrent edits cannot deadlock on them.
  const apply = (rows: string) => `
    INSERT INTO inquiry_status_counts AS c (status, n)
      SELECT status, sum(d) FROM (${rows}) x GROUP BY status HAVING sum(d) <> 0 ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO inquiry_month_counts AS c (month, n)
      SELECT inquiry_month(created_at), sum(d) FROM (${rows}) x GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
      ON CONFLICT (month) DO UPDATE SET n = c.n + excluded.n;`;
  const added = `SELECT status, created_at, 1 AS d FROM new_rows WHERE deleted_at IS NULL`;
  const removed = `SELECT status, created_at, -1 AS d FROM old_rows WHERE deleted_at IS NULL`;
  await run(db, [
    `CREATE FUNCTION inquiry_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${apply(added)}
        ELSIF TG_OP = 'DELETE' THEN ${apply(removed)}
        ELSE ${apply(`${added} UNION ALL ${removed}`)}
        END IF;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER inquiries_counts_ins AFTER INSERT ON inquiries REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_sync()`,
    `CREATE TRIGGER inquiries_counts_upd AFTER UPDATE ON inquiries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_sync()`,
    `CREATE TRIGGER inquiries_counts_del AFTER DELETE ON inquiries REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_sync()`,
    `CREATE FUNCTION inquiry_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${VERSION_BUMP} RETURN NULL; END $$`,
    `CREATE TRIGGER inquiries_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiries
      FOR EACH STATEMENT EXECUTE FUNCTION inquiry_list_version_bump()`,
    `INSERT INTO inquiry_status_counts (status, n)
      SELECT status, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY status`,
    `INSERT INTO inquiry_month_counts (month, n)
      SELECT inquiry_month(created_at), count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY 1`,
  ]);
}

async function upSqlite(db: AnyDb) {
  const watched = [...SEARCH_FIELDS, 'deleted_at'];
  await run(db, [
    // FTS5 needs a stable integer key (VACUUM may renumber an implicit rowid); seq sorts like (created_at, id).
    'ALTER TABLE inquiries ADD COLUMN seq INTEGER',
    `UPDATE inquiries SET seq = r.s FROM (
      SELECT rowid AS rid, created_at * ${SEQ_PER_MS} + row_number() OVER (PARTITION BY created_at ORDER BY id) - 1 AS s
      FROM inquiries) r
    WHERE inquiries.rowid = r.rid`,
    'CREATE UNIQUE INDEX inquiries_seq ON inquiries (seq)',
    // External content: the index holds only the trigrams; the text is in the view, so 'rebuild' can remake it.
    `CREATE VIEW inquiries_search AS SELECT seq, ${searchTextOf()} AS search, ${statusCode('status')} AS status
      FROM inquiries WHERE deleted_at IS NULL`,
    `CREATE VIRTUAL TABLE inquiries_fts USING fts5(search, status, content='inquiries_search', content_rowid='seq', tokenize='trigram')`,
    // The trigram vocabulary: a one-character query becomes an OR of the trigrams that start a word with it.
    `CREATE VIRTUAL TABLE inquiries_fts_terms USING fts5vocab(inquiries_fts, 'row')`,
    `INSERT INTO inquiries_fts(inquiries_fts) VALUES ('rebuild')`,
    // A new row is numbered first (the statements below read its seq): after the others of its millisecond.
    `CREATE TRIGGER inquiries_ai AFTER INSERT ON inquiries BEGIN
      UPDATE inquiries SET seq = (
          SELECT coalesce(max(seq) + 1, new.created_at * ${SEQ_PER_MS}) FROM inquiries
          WHERE seq >= new.created_at * ${SEQ_PER_MS} AND seq < (new.created_at + 1) * ${SEQ_PER_MS})
        WHERE rowid = new.rowid AND new.seq IS NULL;
      INSERT INTO inquiries_fts (rowid, search, status)
        SELECT seq, ${searchTextOf('new.')}, ${statusCode('new.status')} FROM inquiries WHERE rowid = new.rowid AND new.deleted_at IS NULL;
      ${bump('new', '1')}
      ${VERSION_BUMP}
    END`,
    `CREATE TRIGGER inquiries_au_search AFTER UPDATE OF ${watched.join(', ')} ON inquiries
      WHEN ${watched.map((f) => `old.${f} IS NOT new.${f}`).join(' OR ')} BEGIN
      ${ftsRemove('old')}
      ${ftsAdd('new')}
    END`,
    `CREATE TRIGGER inquiries_au_counts AFTER UPDATE OF status, created_at, deleted_at ON inquiries
      WHEN old.status IS NOT new.status OR old.created_at IS NOT new.created_at
        OR (old.deleted_at IS NULL) <> (new.deleted_at IS NULL) BEGIN
      ${bump('old', '-1')}
      ${bump('new', '1')}
    END`,
    `CREATE TRIGGER inquiries_au_version AFTER UPDATE ON inquiries BEGIN ${VERSION_BUMP} END`,
    `CREATE TRIGGER inquiries_ad AFTER DELETE ON inquiries BEGIN
      ${ftsRemove('old')}
      ${bump('old', '-1')}
      ${VERSION_BUMP}
    END`,
    `INSERT INTO inquiry_status_counts (status, n)
      SELECT status, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY status`,
    `INSERT INTO inquiry_month_counts (month, n)
      SELECT ${sqliteMonth('created_at')}, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY 1`,
  ]);
}

export function inquiryList(engine: Engine) {
  const isPg = engine === 'postgres';
  const count = isPg ? 'bigint' : 'integer';
  return {
    // Adding the stored column leaves the visibility map empty: index-only reads would visit the table too.
    vacuumAfter: isPg ? ['inquiries'] : [],

    async up(db: AnyDb) {
      await db.schema
        .createTable('inquiry_status_counts')
        .addColumn('status', 'text', (c) => c.primaryKey())
        .addColumn('n', count, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('inquiry_month_counts')
        .addColumn('month', 'text', (c) => c.primaryKey())
        .addColumn('n', count, (c) => c.notNull())
        .execute();
      // The data version: the search cache's entries are valid while it stands still (one primary-key read).
      await db.schema
        .createTable('inquiry_list_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('v', count, (c) => c.notNull())
        .execute();
      await sql`INSERT INTO inquiry_list_version (id, v) VALUES (1, 0)`.execute(db);

      if (isPg) await upPostgres(db);
      else await upSqlite(db);

      // D26's follow-up time comes with the list (migration 007 has the rest of D26): PostgreSQL's sort indexes
      // carry it, so a page without a follow-up (followUp=none) is walked in the index alone, not the table.
      await sql.raw(`ALTER TABLE inquiries ADD COLUMN follow_up_at ${isPg ? 'bigint' : 'integer'}`).execute(db);
      const carry = isPg ? 'INCLUDE (follow_up_at)' : '';
      // One index per sort, with and without the status filter, over the rows lists show.
      for (const col of SORT_COLUMNS.split(' ')) {
        await run(db, [
          `CREATE INDEX inquiries_by_${col} ON inquiries (${col}, id) ${carry} WHERE deleted_at IS NULL`,
          `CREATE INDEX inquiries_by_status_${col} ON inquiries (status, ${col}, id) ${carry} WHERE deleted_at IS NULL`,
        ]);
      }
      await run(db, [
        `CREATE INDEX inquiries_by_status ON inquiries (status, id) ${carry} WHERE deleted_at IS NULL`,
        // D5: a Customer's own inquiries (the e-mail side is served by inquiries_by_customer_email).
        'CREATE INDEX inquiries_customer_user ON inquiries (customer_user_id) WHERE deleted_at IS NULL AND customer_user_id IS NOT NULL',
        // Renaming a staff member rewrites the name copies on their inquiries.
        'CREATE INDEX inquiries_staff ON inquiries (staff_id) WHERE staff_id IS NOT NULL',
      ]);
    },

    async down(db: AnyDb) {
      for (const col of SORT_COLUMNS.split(' ')) {
        await run(db, [`DROP INDEX IF EXISTS inquiries_by_${col}`, `DROP INDEX IF EXISTS inquiries_by_status_${col}`]);
      }
      await run(
        db,
        ['inquiries_by_status', 'inquiries_customer_user', 'inquiries_staff'].map((i) => `DROP INDEX IF EXISTS ${i}`),
      );
      if (isPg) {
        await run(db, [
          ...PG_TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${t} ON inquiries`),
          'DROP FUNCTION IF EXISTS inquiry_list_version_bump()',
          'DROP FUNCTION IF EXISTS inquiry_counts_sync()',
          'DROP FUNCTION IF EXISTS inquiry_month(bigint)',
          'DROP INDEX IF EXISTS inquiries_search',
          `ALTER TABLE inquiries DROP COLUMN ${PG_SEARCH_COLUMN}`,
          ...C_COLLATED_COLUMNS.map((c) => `ALTER TABLE inquiries ALTER COLUMN ${c} TYPE text COLLATE "default"`),
        ]);
      } else {
        await run(db, [
          ...SQLITE_TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${t}`),
          'DROP TABLE IF EXISTS inquiries_fts_terms',
          'DROP TABLE IF EXISTS inquiries_fts',
          'DROP VIEW IF EXISTS inquiries_search',
          'DROP INDEX IF EXISTS inquiries_seq',
          'ALTER TABLE inquiries DROP COLUMN seq',
        ]);
      }
      await db.schema.alterTable('inquiries').dropColumn('follow_up_at').execute();
      for (const table of ['inquiry_list_version', 'inquiry_month_counts', 'inquiry_status_counts']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
