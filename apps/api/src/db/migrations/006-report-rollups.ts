// The owner's reports (D27) sum a period's inquiries by day, handler, status and destination. Summing the rows
// themselves sorts a third of a million of them for a year at a million inquiries (seconds on SQLite, decisions §8
// asks 500 ms), so triggers keep two small roll-ups in the same transaction as each write, as the counters of
// migration 002 are kept: per Kolkata day × handler × status (counts and money) and per Kolkata day × destination
// (counts, conversions, revenue). A year is then a range of a few thousand roll-up rows.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** Kept here, not imported: a migration is history (CONVENTIONS 15). */
const KOLKATA_OFFSET_MS = 19_800_000;
const CONVERTED = `('Advance Received', 'Booking Pending', 'Booked', 'Completed')`;

/** The roll-ups' keys and measures of one inquiry row (`r`), or of the rows of a set, as SQL expressions. */
const dayOf = (r: string) => `(${r}created_at + ${KOLKATA_OFFSET_MS}) / 86400000`;
const staffKeyOf = (r: string) => `coalesce(${r}staff_id, '')`;
const destKeyOf = (r: string) => `lower(trim(${r}location))`;
const labelOf = (r: string) => `trim(${r}location)`;
const convertedOf = (r: string) => `CASE WHEN ${r}status IN ${CONVERTED} THEN 1 ELSE 0 END`;

const DAY_COLUMNS = 'day, staff_key, status, n, tpc, advance, revenue, hotel, cab';
const DAY_UPSERT = `ON CONFLICT (day, staff_key, status) DO UPDATE SET
  n = inquiry_report_days.n + excluded.n, tpc = inquiry_report_days.tpc + excluded.tpc,
  advance = inquiry_report_days.advance + excluded.advance, revenue = inquiry_report_days.revenue + excluded.revenue,
  hotel = inquiry_report_days.hotel + excluded.hotel, cab = inquiry_report_days.cab + excluded.cab`;
const DEST_COLUMNS = 'day, dest_key, label, n, converted, revenue';
const DEST_UPSERT = `ON CONFLICT (day, dest_key, label) DO UPDATE SET
  n = inquiry_report_destinations.n + excluded.n,
  converted = inquiry_report_destinations.converted + excluded.converted,
  revenue = inquiry_report_destinations.revenue + excluded.revenue`;

/** Adds (sign 1) or takes away (sign -1) one visible row `r` (NEW. or OLD.) in a SQLite trigger. */
const sqliteApply = (r: string, sign: 1 | -1) => `
  INSERT INTO inquiry_report_days (${DAY_COLUMNS})
    SELECT ${dayOf(r)}, ${staffKeyOf(r)}, ${r}status, ${sign}, ${sign} * ${r}tpc_paise, ${sign} * ${r}advance_paise,
      ${sign} * ${r}total_revenue_paise, ${sign} * ${r}hotel_cost_paise, ${sign} * ${r}cab_cost_paise
    WHERE ${r}deleted_at IS NULL ${DAY_UPSERT};
  INSERT INTO inquiry_report_destinations (${DEST_COLUMNS})
    SELECT ${dayOf(r)}, ${destKeyOf(r)}, ${labelOf(r)}, ${sign}, ${sign} * ${convertedOf(r)},
      ${sign} * ${r}total_revenue_paise
    WHERE ${r}deleted_at IS NULL ${DEST_UPSERT};`;

/** The roll-ups of a set of rows with a sign column `d` (PostgreSQL transition tables, or the backfill). */
const setApplyStatements = (rows: string) => [
  `INSERT INTO inquiry_report_days (${DAY_COLUMNS})
    SELECT ${dayOf('')}, ${staffKeyOf('')}, status, sum(d), sum(d * tpc_paise), sum(d * advance_paise),
      sum(d * total_revenue_paise), sum(d * hotel_cost_paise), sum(d * cab_cost_paise)
    FROM (${rows}) x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ${DAY_UPSERT}`,
  `INSERT INTO inquiry_report_destinations (${DEST_COLUMNS})
    SELECT ${dayOf('')}, ${destKeyOf('')}, ${labelOf('')}, sum(d), sum(d * ${convertedOf('')}), sum(d * total_revenue_paise)
    FROM (${rows}) x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ${DEST_UPSERT}`,
];
const setApply = (rows: string) => setApplyStatements(rows).join(';\n') + ';';

const ROW_COLUMNS =
  'created_at, staff_id, status, location, tpc_paise, advance_paise, total_revenue_paise, hotel_cost_paise, cab_cost_paise';
/** The columns whose change moves an inquiry between roll-up rows or changes its sums. */
const WATCHED = `${ROW_COLUMNS}, deleted_at`;

export function reportRollups(engine: Engine) {
  const isPg = engine === 'postgres';
  const big = isPg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('inquiry_report_days')
        .addColumn('day', big, (c) => c.notNull())
        .addColumn('staff_key', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('n', big, (c) => c.notNull())
        .addColumn('tpc', big, (c) => c.notNull())
        .addColumn('advance', big, (c) => c.notNull())
        .addColumn('revenue', big, (c) => c.notNull())
        .addColumn('hotel', big, (c) => c.notNull())
        .addColumn('cab', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('inquiry_report_days_pk', ['day', 'staff_key', 'status'])
        .execute();
      await db.schema
        .createTable('inquiry_report_destinations')
        .addColumn('day', big, (c) => c.notNull())
        .addColumn('dest_key', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('n', big, (c) => c.notNull())
        .addColumn('converted', big, (c) => c.notNull())
        .addColumn('revenue', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('inquiry_report_destinations_pk', ['day', 'dest_key', 'label'])
        .execute();
      if (isPg) {
        // The labels are ordered as the rest of the inquiry text is (migration 002): by code point.
        await sql`ALTER TABLE inquiry_report_destinations ALTER COLUMN dest_key TYPE text COLLATE "C"`.execute(db);
        await sql`ALTER TABLE inquiry_report_destinations ALTER COLUMN label TYPE text COLLATE "C"`.execute(db);
      }

      const visible = (table: string, d: number) =>
        `SELECT ${ROW_COLUMNS}, ${d} AS d FROM ${table} WHERE deleted_at IS NULL`;
      for (const statement of setApplyStatements(visible('inquiries', 1))) await sql.raw(statement).execute(db);

      if (isPg) {
        await sql
          .raw(
            `CREATE FUNCTION inquiry_reports_sync() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'INSERT' THEN ${setApply(visible('new_rows', 1))}
              ELSIF TG_OP = 'DELETE' THEN ${setApply(visible('old_rows', -1))}
              ELSE ${setApply(`${visible('new_rows', 1)} UNION ALL ${visible('old_rows', -1)}`)}
              END IF;
              RETURN NULL;
            END $$`,
          )
          .execute(db);
        await sql`CREATE TRIGGER inquiries_reports_ins AFTER INSERT ON inquiries REFERENCING NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION inquiry_reports_sync()`.execute(db);
        await sql`CREATE TRIGGER inquiries_reports_upd AFTER UPDATE ON inquiries
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION inquiry_reports_sync()`.execute(db);
        await sql`CREATE TRIGGER inquiries_reports_del AFTER DELETE ON inquiries REFERENCING OLD TABLE AS old_rows
          FOR EACH STATEMENT EXECUTE FUNCTION inquiry_reports_sync()`.execute(db);
      } else {
        await sql
          .raw(`CREATE TRIGGER inquiries_reports_ai AFTER INSERT ON inquiries BEGIN ${sqliteApply('NEW.', 1)} END`)
          .execute(db);
        await sql
          .raw(
            `CREATE TRIGGER inquiries_reports_au AFTER UPDATE OF ${WATCHED} ON inquiries BEGIN
              ${sqliteApply('OLD.', -1)} ${sqliteApply('NEW.', 1)} END`,
          )
          .execute(db);
        await sql
          .raw(`CREATE TRIGGER inquiries_reports_ad AFTER DELETE ON inquiries BEGIN ${sqliteApply('OLD.', -1)} END`)
          .execute(db);
      }
    },
    async down(db: AnyDb) {
      if (isPg) {
        for (const t of ['inquiries_reports_ins', 'inquiries_reports_upd', 'inquiries_reports_del']) {
          await sql.raw(`DROP TRIGGER IF EXISTS ${t} ON inquiries`).execute(db);
        }
        await sql`DROP FUNCTION IF EXISTS inquiry_reports_sync()`.execute(db);
      } else {
        for (const t of ['inquiries_reports_ai', 'inquiries_reports_au', 'inquiries_reports_ad']) {
          await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
        }
      }
      await db.schema.dropTable('inquiry_report_destinations').ifExists().execute();
      await db.schema.dropTable('inquiry_report_days').ifExists().execute();
    },
  };
}
