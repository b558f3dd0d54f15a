// Inquiries at a million rows (DESIGN §8): an index for every list sort with and without the status filter,
// index-backed free-text search (SQLite FTS5 trigram / PostgreSQL pg_trgm) and counters kept by triggers, so
// the count headers, status counts and dashboard stats never COUNT(*) the table. docs/performance.md explains.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** The list sort columns (D10: customer, email, contact, staff, destination, createdAt, updatedAt); status is below. */
const SORT_COLUMNS = [
  'customer_name',
  'customer_email',
  'customer_whatsapp',
  'staff_name',
  'location',
  'created_at',
  'updated_at',
] as const;

/** Text columns that sort and compare byte-wise ("C") on PostgreSQL, as SQLite's BINARY does. */
const C_COLLATED_COLUMNS = ['customer_name', 'customer_email', 'customer_whatsapp', 'staff_name', 'location', 'status'];

/**
 * The searchable text of an inquiry: its fields with a space before, between and after them, so a 1–2 character
 * query can be anchored at the start of a word (" go" finds "Goa"). The repository builds its queries from these
 * exact strings; PostgreSQL only uses an expression index when the query repeats the expression verbatim.
 */
export const SEARCH_FIELDS = [
  'customer_name',
  'customer_email',
  'customer_whatsapp',
  'location',
  'status',
  'staff_name',
] as const;
const concat = (prefix: string) => `' ' || ${SEARCH_FIELDS.map((f) => `${prefix}${f}`).join(` || ' ' || `)} || ' '`;
/** The searchable text as stored, case and all. */
export const SEARCH_TEXT_EXPR = concat('');
/** SQLite: FTS5's trigram tokenizer folds case itself; LIKE is ASCII case-insensitive. */
export const SQLITE_SEARCH_EXPR = SEARCH_TEXT_EXPR;
/** PostgreSQL: lower() under the database's default collation (not the byte-wise "C" of the columns). */
export const PG_SEARCH_EXPR = `lower((${concat('')}) COLLATE "default")`;

/**
 * SQLite: the FTS5 `status` column holds a one-trigram code per status ('#0#' for New…), so a search narrowed
 * to a status stays inside the index at the cost of one short doclist (a status's own text would be a phrase
 * of up to 14 trigrams). Frozen here with the triggers; the repository reads the same list.
 */
export const FTS_STATUS_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  ['New', 'Working', 'Follow Up', 'Advance Received', 'Booking Pending', 'Booked', 'Only Query', 'Completed'].map(
    (s, i) => [s, `#${i}#`],
  ),
);
const statusCode = (col: string) =>
  `CASE ${col} ${Object.entries(FTS_STATUS_CODES)
    .map(([s, code]) => `WHEN '${s}' THEN '${code}'`)
    .join(' ')} ELSE '#?#' END`;

/** SQLite: inquiries created in the same millisecond get consecutive seq values (insertion order). */
export const SEQ_PER_MS = 4096;

/** Asia/Kolkata is UTC+05:30 all year (no DST since 1945), so SQLite can use a fixed offset. */
const sqliteMonth = (ms: string) => `strftime('%Y-%m', ${ms} / 1000, 'unixepoch', '+330 minutes')`;

/** SQLite: an inquiry's search text as its trigger sees it (`row` is new or old). */
export const sqliteRowText = (row: string) => concat(`${row}.`);

const bump = (row: string, d: string) => `
          INSERT INTO inquiry_status_counts (status, n) SELECT ${row}.status, ${d} WHERE ${row}.deleted_at IS NULL
            ON CONFLICT (status) DO UPDATE SET n = n + ${d};
          INSERT INTO inquiry_month_counts (month, n) SELECT ${sqliteMonth(`${row}.created_at`)}, ${d} WHERE ${row}.deleted_at IS NULL
            ON CONFLICT (month) DO UPDATE SET n = n + ${d};`;

/**
 * SQLite: the trigger that numbers a new inquiry (seq), indexes its text and counts it, then runs `then`
 * (statements that need its seq: a later migration recreates the trigger with them, as SQLite does not promise
 * the order in which two triggers on one event fire).
 */
export function sqliteInsertTrigger(then = '') {
  return `CREATE TRIGGER inquiries_ai AFTER INSERT ON inquiries BEGIN
              UPDATE inquiries SET seq = (
                  SELECT coalesce(max(seq) + 1, new.created_at * ${SEQ_PER_MS}) FROM inquiries
                  WHERE seq >= new.created_at * ${SEQ_PER_MS} AND seq < (new.created_at + 1) * ${SEQ_PER_MS})
                WHERE rowid = new.rowid AND new.seq IS NULL;
              INSERT INTO inquiries_fts (rowid, search, status)
                SELECT seq, ${sqliteRowText('new')}, ${statusCode('new.status')} FROM inquiries WHERE rowid = new.rowid AND new.deleted_at IS NULL;
              ${bump('new', '1')}${then}
            END`;
}

export function inquiryIndexes(engine: Engine) {
  const isPg = engine === 'postgres';
  return {
    async up(db: AnyDb) {
      // --- counters -----------------------------------------------------------------------------------
      await db.schema
        .createTable('inquiry_status_counts')
        .addColumn('status', 'text', (c) => c.primaryKey())
        .addColumn('n', isPg ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('inquiry_month_counts')
        .addColumn('month', 'text', (c) => c.primaryKey())
        .addColumn('n', isPg ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();

      if (isPg) {
        for (const col of C_COLLATED_COLUMNS) {
          await sql.raw(`ALTER TABLE inquiries ALTER COLUMN ${col} TYPE text COLLATE "C"`).execute(db);
        }
      } else {
        // FTS5 needs a stable integer key (VACUUM may renumber an implicit rowid). seq = created_at × 4096 + n
        // sorts like (created_at, id), so FTS5's own rowid order serves the default createdAt sort of a search.
        await sql`ALTER TABLE inquiries ADD COLUMN seq INTEGER`.execute(db);
        await sql
          .raw(
            `UPDATE inquiries SET seq = r.s FROM (
              SELECT rowid AS rid, created_at * ${SEQ_PER_MS} + row_number() OVER (PARTITION BY created_at ORDER BY id) - 1 AS s
              FROM inquiries) r
            WHERE inquiries.rowid = r.rid`,
          )
          .execute(db);
        await sql`CREATE UNIQUE INDEX inquiries_seq ON inquiries (seq)`.execute(db);
      }

      // --- one index per sort, with and without the status filter, over the rows lists show --------
      for (const col of SORT_COLUMNS) {
        await sql
          .raw(`CREATE INDEX inquiries_by_${col} ON inquiries (${col}, id) WHERE deleted_at IS NULL`)
          .execute(db);
        await sql
          .raw(`CREATE INDEX inquiries_by_status_${col} ON inquiries (status, ${col}, id) WHERE deleted_at IS NULL`)
          .execute(db);
      }
      await sql`CREATE INDEX inquiries_by_status ON inquiries (status, id) WHERE deleted_at IS NULL`.execute(db);
      // D5: a Customer's own inquiries (the e-mail side is served by inquiries_by_customer_email).
      await sql`CREATE INDEX inquiries_customer_user ON inquiries (customer_user_id) WHERE deleted_at IS NULL AND customer_user_id IS NOT NULL`.execute(
        db,
      );
      // Renaming a staff member rewrites the name copies on their inquiries.
      await sql`CREATE INDEX inquiries_staff ON inquiries (staff_id) WHERE staff_id IS NOT NULL`.execute(db);

      // --- free-text search and counters --------------------------------------------------------------
      if (isPg) {
        // Both are trusted extensions (PostgreSQL 13+): a database owner may create them. btree_gin lets the
        // status ride in the same GIN index, so a search narrowed to a status is intersected before the heap.
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
        await sql
          .raw(
            `CREATE INDEX inquiries_search ON inquiries USING gin (status, (${PG_SEARCH_EXPR}) gin_trgm_ops) WHERE deleted_at IS NULL`,
          )
          .execute(db);
        await sql`
          CREATE FUNCTION inquiry_month(ms bigint) RETURNS text LANGUAGE sql STABLE AS
          $$ SELECT to_char(to_timestamp(ms / 1000.0) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') $$`.execute(db);
        // Statement-level: a batch insert of 1000 rows updates each counter once. ORDER BY locks the
        // counter rows in one order, so two concurrent edits cannot deadlock on them.
        const apply = (rows: string) => `
          INSERT INTO inquiry_status_counts AS c (status, n)
            SELECT status, sum(d) FROM (${rows}) x GROUP BY status HAVING sum(d) <> 0 ORDER BY status
            ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
          INSERT INTO inquiry_month_counts AS c (month, n)
            SELECT inquiry_month(created_at), sum(d) FROM (${rows}) x GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
            ON CONFLICT (month) DO UPDATE SET n = c.n + excluded.n;`;
        const added = `SELECT status, created_at, 1 AS d FROM new_rows WHERE deleted_at IS NULL`;
        const removed = `SELECT status, created_at, -1 AS d FROM old_rows WHERE deleted_at IS NULL`;
        await sql
          .raw(
            `CREATE FUNCTION inquiry_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'INSERT' THEN ${apply(added)}
              ELSIF TG_OP = 'DELETE' THEN ${apply(removed)}
              ELSE ${apply(`${added} UNION ALL ${removed}`)}
              END IF;
              RETURN NULL;
            END $$`,
          )
          .execute(db);
        await sql`CREATE TRIGGER inquiries_counts_ins AFTER INSERT ON inquiries REFERENCING NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_sync()`.execute(db);
        await sql`CREATE TRIGGER inquiries_counts_upd AFTER UPDATE ON inquiries
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_sync()`.execute(db);
        await sql`CREATE TRIGGER inquiries_counts_del AFTER DELETE ON inquiries REFERENCING OLD TABLE AS old_rows
          FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_sync()`.execute(db);
        await sql`INSERT INTO inquiry_status_counts (status, n)
          SELECT status, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY status`.execute(db);
        await sql`INSERT INTO inquiry_month_counts (month, n)
          SELECT inquiry_month(created_at), count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY 1`.execute(db);
      } else {
        // External content: the FTS index holds only the trigrams; the text lives in the view over the
        // table, so `INSERT INTO inquiries_fts(inquiries_fts) VALUES ('rebuild')` can remake it.
        await sql
          .raw(
            `CREATE VIEW inquiries_search AS SELECT seq, ${SQLITE_SEARCH_EXPR} AS search, ${statusCode('status')} AS status FROM inquiries WHERE deleted_at IS NULL`,
          )
          .execute(db);
        await sql`CREATE VIRTUAL TABLE inquiries_fts USING fts5(search, status, content='inquiries_search', content_rowid='seq', tokenize='trigram')`.execute(
          db,
        );
        // The trigram vocabulary: a one-character query becomes an OR of the trigrams " x?" (docs/performance.md).
        await sql`CREATE VIRTUAL TABLE inquiries_fts_terms USING fts5vocab(inquiries_fts, 'row')`.execute(db);
        await sql`INSERT INTO inquiries_fts(inquiries_fts) VALUES ('rebuild')`.execute(db);

        const fields = [...SEARCH_FIELDS, 'deleted_at'].join(', ');
        const changed = [...SEARCH_FIELDS, 'deleted_at'].map((f) => `old.${f} IS NOT new.${f}`).join(' OR ');
        await sql.raw(sqliteInsertTrigger()).execute(db);
        await sql
          .raw(
            `CREATE TRIGGER inquiries_au_search AFTER UPDATE OF ${fields} ON inquiries WHEN ${changed} BEGIN
              INSERT INTO inquiries_fts (inquiries_fts, rowid, search, status)
                SELECT 'delete', old.seq, ${sqliteRowText('old')}, ${statusCode('old.status')} WHERE old.deleted_at IS NULL;
              INSERT INTO inquiries_fts (rowid, search, status)
                SELECT new.seq, ${sqliteRowText('new')}, ${statusCode('new.status')} WHERE new.deleted_at IS NULL;
            END`,
          )
          .execute(db);
        await sql
          .raw(
            `CREATE TRIGGER inquiries_au_counts AFTER UPDATE OF status, created_at, deleted_at ON inquiries
              WHEN old.status IS NOT new.status OR old.created_at IS NOT new.created_at
                OR (old.deleted_at IS NULL) <> (new.deleted_at IS NULL) BEGIN
              ${bump('old', '-1')}
              ${bump('new', '1')}
            END`,
          )
          .execute(db);
        await sql
          .raw(
            `CREATE TRIGGER inquiries_ad AFTER DELETE ON inquiries BEGIN
              INSERT INTO inquiries_fts (inquiries_fts, rowid, search, status)
                SELECT 'delete', old.seq, ${sqliteRowText('old')}, ${statusCode('old.status')} WHERE old.deleted_at IS NULL;
              ${bump('old', '-1')}
            END`,
          )
          .execute(db);
        await sql`INSERT INTO inquiry_status_counts (status, n)
          SELECT status, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY status`.execute(db);
        await sql
          .raw(
            `INSERT INTO inquiry_month_counts (month, n)
              SELECT ${sqliteMonth('created_at')}, count(*) FROM inquiries WHERE deleted_at IS NULL GROUP BY 1`,
          )
          .execute(db);
      }
    },

    async down(db: AnyDb) {
      if (isPg) {
        for (const t of ['inquiries_counts_ins', 'inquiries_counts_upd', 'inquiries_counts_del']) {
          await sql.raw(`DROP TRIGGER IF EXISTS ${t} ON inquiries`).execute(db);
        }
        await sql`DROP FUNCTION IF EXISTS inquiry_counts_sync()`.execute(db);
        await sql`DROP FUNCTION IF EXISTS inquiry_month(bigint)`.execute(db);
        await sql`DROP INDEX IF EXISTS inquiries_search`.execute(db);
      } else {
        for (const t of ['inquiries_ai', 'inquiries_au_search', 'inquiries_au_counts', 'inquiries_ad']) {
          await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
        }
        await sql`DROP TABLE IF EXISTS inquiries_fts_terms`.execute(db);
        await sql`DROP TABLE IF EXISTS inquiries_fts`.execute(db);
        await sql`DROP VIEW IF EXISTS inquiries_search`.execute(db);
      }
      for (const col of SORT_COLUMNS) {
        await sql.raw(`DROP INDEX IF EXISTS inquiries_by_${col}`).execute(db);
        await sql.raw(`DROP INDEX IF EXISTS inquiries_by_status_${col}`).execute(db);
      }
      for (const index of ['inquiries_by_status', 'inquiries_customer_user', 'inquiries_staff']) {
        await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
      }
      if (isPg) {
        for (const col of C_COLLATED_COLUMNS) {
          await sql.raw(`ALTER TABLE inquiries ALTER COLUMN ${col} TYPE text COLLATE "default"`).execute(db);
        }
      } else {
        await sql`DROP INDEX IF EXISTS inquiries_seq`.execute(db);
        await sql`ALTER TABLE inquiries DROP COLUMN seq`.execute(db);
      }
      await db.schema.dropTable('inquiry_month_counts').ifExists().execute();
      await db.schema.dropTable('inquiry_status_counts').ifExists().execute();
    },
  };
}
