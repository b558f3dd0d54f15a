// The staff's day (D26): travel date, lead source and the package asked about on inquiries (the follow-up time is
// migration 002's: the list's sort indexes carry it), with the indexes the "my work" filters read, and the reports'
// roll-up by source kept by triggers (as migration 006 keeps its own). Existing rows keep nulls (a null source is
// "not recorded").
import { sql, type Kysely } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

// list budget: from here (scripts/check-list-size.mjs counts the list's indexes with the list's code)
/**
 * The "my work" sets' indexes (D26) hold every column a kept set is filtered by and sorted by (the list's sort
 * columns: a migration keeps its own), so sorting a whole set, or taking a handler's few follow-ups, reads the index
 * alone; deleted_at too, as SQLite plans a read of every column a query names, even one the partial index decides.
 */
const FILTERED = ['deleted_at', 'staff_id', 'follow_up_at', 'status'];
const SORTS = 'status customer_name customer_email customer_whatsapp staff_name location created_at updated_at';
const FOLLOW_UP = 'deleted_at IS NULL AND follow_up_at IS NOT NULL';
const SET_INDEXES: (readonly [name: string, key: string, where: string, sorts?: readonly string[]])[] = [
  // assignedTo=me|unassigned|{id}, newest first (the dashboards' and the default order); counts per handler.
  ['inquiries_by_staff_created_at', 'staff_id, created_at, id', 'deleted_at IS NULL'],
  // followUp=overdue|today|upcoming: a range of follow-up times (few rows: most inquiries have none).
  ['inquiries_follow_up', 'follow_up_at, id', FOLLOW_UP],
  // "My follow-ups": one handler's follow-ups in a range of times, counted and taken by one index range.
  ['inquiries_staff_follow_up', 'staff_id, follow_up_at, id', FOLLOW_UP],
  // Every row with a follow-up in each sort's order (no other sort column): the list keeps it whole, unsorted.
  ...SORTS.split(' ').map((c) => [`inquiries_follow_up_by_${c}`, `${c}, id`, FOLLOW_UP, []] as const),
];

function createSetIndex([name, key, where, sorts = SORTS.split(' ')]: (typeof SET_INDEXES)[number], engine: Engine) {
  const rest = [...new Set([...FILTERED, ...sorts])].filter((c) => !key.split(', ').includes(c)).join(', ');
  // SQLite has no INCLUDE: the other columns follow the key.
  const columns = engine === 'postgres' ? `(${key}) INCLUDE (${rest})` : `(${key}, ${rest})`;
  return `CREATE INDEX ${name} ON inquiries ${columns} WHERE ${where}`;
}
// list budget: to here

/** Kept here, not imported: a migration is history (CONVENTIONS 15). */
const KOLKATA_OFFSET_MS = 19_800_000;
const CONVERTED = `('Advance Received', 'Booking Pending', 'Booked', 'Completed')`;
/** The reports' "by source" roll-up (as migration 006's): per Kolkata day × source ('' when not recorded). */
const SOURCE_COLUMNS = 'day, source_key, n, converted, revenue';
const SOURCE_UPSERT = `ON CONFLICT (day, source_key) DO UPDATE SET
  n = inquiry_report_sources.n + excluded.n, converted = inquiry_report_sources.converted + excluded.converted,
  revenue = inquiry_report_sources.revenue + excluded.revenue`;
const dayOf = (r: string) => `(${r}created_at + ${KOLKATA_OFFSET_MS}) / 86400000`;
const convertedOf = (r: string) => `CASE WHEN ${r}status IN ${CONVERTED} THEN 1 ELSE 0 END`;
/** SQLite: one visible row `r` (NEW. or OLD.) added (1) or taken away (-1). */
const sqliteApply = (r: string, sign: 1 | -1) => `
  INSERT INTO inquiry_report_sources (${SOURCE_COLUMNS})
    SELECT ${dayOf(r)}, coalesce(${r}source, ''), ${sign}, ${sign} * ${convertedOf(r)}, ${sign} * ${r}total_revenue_paise
    WHERE ${r}deleted_at IS NULL ${SOURCE_UPSERT};`;
/** A set of rows with a sign column `d` (PostgreSQL transition tables, or the backfill). */
const setApply = (rows: string) => `
  INSERT INTO inquiry_report_sources (${SOURCE_COLUMNS})
    SELECT ${dayOf('')}, coalesce(source, ''), sum(d), sum(d * ${convertedOf('')}), sum(d * total_revenue_paise)
    FROM (${rows}) x GROUP BY 1, 2 ORDER BY 1, 2 ${SOURCE_UPSERT};`;
const visible = (table: string, d: number) =>
  `SELECT created_at, source, status, total_revenue_paise, ${d} AS d FROM ${table} WHERE deleted_at IS NULL`;
const PG_TRIGGERS = ['inquiries_sources_ins', 'inquiries_sources_upd', 'inquiries_sources_del'];
const SQLITE_TRIGGERS = ['inquiries_sources_ai', 'inquiries_sources_au', 'inquiries_sources_ad'];

async function addSourceRollup(db: AnyDb, engine: Engine) {
  const big = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('inquiry_report_sources')
    .addColumn('day', big, (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('n', big, (c) => c.notNull())
    .addColumn('converted', big, (c) => c.notNull())
    .addColumn('revenue', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('inquiry_report_sources_pk', ['day', 'source_key'])
    .execute();
  await sql.raw(setApply(visible('inquiries', 1))).execute(db);
  if (engine === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION inquiry_sources_sync() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${setApply(visible('new_rows', 1))}
          ELSIF TG_OP = 'DELETE' THEN ${setApply(visible('old_rows', -1))}
          ELSE ${setApply(`${visible('new_rows', 1)} UNION ALL ${visible('old_rows', -1)}`)}
          END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER inquiries_sources_ins AFTER INSERT ON inquiries REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inquiry_sources_sync()`.execute(db);
    await sql`CREATE TRIGGER inquiries_sources_upd AFTER UPDATE ON inquiries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inquiry_sources_sync()`.execute(db);
    await sql`CREATE TRIGGER inquiries_sources_del AFTER DELETE ON inquiries REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inquiry_sources_sync()`.execute(db);
  } else {
    const watched = 'created_at, source, status, total_revenue_paise, deleted_at';
    await sql
      .raw(`CREATE TRIGGER inquiries_sources_ai AFTER INSERT ON inquiries BEGIN ${sqliteApply('NEW.', 1)} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER inquiries_sources_au AFTER UPDATE OF ${watched} ON inquiries BEGIN
          ${sqliteApply('OLD.', -1)} ${sqliteApply('NEW.', 1)} END`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER inquiries_sources_ad AFTER DELETE ON inquiries BEGIN ${sqliteApply('OLD.', -1)} END`)
      .execute(db);
  }
}

async function dropSourceRollup(db: AnyDb, engine: Engine) {
  if (engine === 'postgres') {
    for (const tr of PG_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${tr} ON inquiries`).execute(db);
    await sql`DROP FUNCTION IF EXISTS inquiry_sources_sync()`.execute(db);
  } else {
    for (const tr of SQLITE_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${tr}`).execute(db);
  }
  await db.schema.dropTable('inquiry_report_sources').ifExists().execute();
}

export function inquiryWorkflow(engine: Engine) {
  const t = columnTypes(engine);
  return {
    // PostgreSQL reads an index alone only for heap pages its visibility map marks all-visible.
    vacuumAfter: engine === 'postgres' ? ['inquiries'] : [],
    async up(db: AnyDb) {
      await db.schema.alterTable('inquiries').addColumn('travel_date', t.text).execute();
      await db.schema.alterTable('inquiries').addColumn('source', t.text).execute();
      await db.schema.alterTable('inquiries').addColumn('package_id', t.text).execute();
      await db.schema.alterTable('inquiries').addColumn('package_title', t.text).execute();
      for (const index of SET_INDEXES) await sql.raw(createSetIndex(index, engine)).execute(db);
      // Deleting a package unlinks the inquiries that asked about it (their title stays).
      await sql`CREATE INDEX inquiries_package ON inquiries (package_id) WHERE package_id IS NOT NULL`.execute(db);
      await addSourceRollup(db, engine);
    },
    async down(db: AnyDb) {
      await dropSourceRollup(db, engine);
      for (const i of [...SET_INDEXES.map(([name]) => name), 'inquiries_package']) {
        await sql.raw(`DROP INDEX IF EXISTS ${i}`).execute(db);
      }
      for (const c of ['package_title', 'package_id', 'source', 'travel_date']) {
        await db.schema.alterTable('inquiries').dropColumn(c).execute();
      }
    },
  };
}
