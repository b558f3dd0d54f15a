// D30 quotations: one quote per inquiry, its numbered versions (a draft may change, a sent one never does), and the
// inquiry's trip link, kept only as the SHA-256 of its token. Partial unique indexes hold the rules that races could
// break: one draft, one sent and one accepted version per quote.
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function quotes(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('quotes')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inquiry_id', t.text, (c) => c.notNull().unique().references('inquiries.id').onDelete('cascade'))
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('quote_versions')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('quote_id', t.text, (c) => c.notNull().references('quotes.id').onDelete('cascade'))
        .addColumn('number', t.int, (c) => c.notNull())
        .addColumn('status', t.text, (c) => c.notNull())
        // JSON: [{title, text}] and the lines with their amounts in paise.
        .addColumn('days', t.text, (c) => c.notNull())
        .addColumn('lines', t.text, (c) => c.notNull())
        .addColumn('travellers', t.int, (c) => c.notNull())
        .addColumn('gst_basis_points', t.int, (c) => c.notNull())
        .addColumn('cost_paise', t.bigint, (c) => c.notNull())
        .addColumn('price_paise', t.bigint, (c) => c.notNull())
        .addColumn('gst_paise', t.bigint, (c) => c.notNull())
        .addColumn('total_paise', t.bigint, (c) => c.notNull())
        .addColumn('per_traveller_paise', t.bigint, (c) => c.notNull())
        .addColumn('hotel_cost_paise', t.bigint, (c) => c.notNull())
        .addColumn('cab_cost_paise', t.bigint, (c) => c.notNull())
        .addColumn('other_cost_paise', t.bigint, (c) => c.notNull())
        // A Kolkata day, YYYY-MM-DD: valid through its end.
        .addColumn('valid_until', t.text, (c) => c.notNull())
        .addColumn('notes', t.text, (c) => c.notNull())
        .addColumn('inclusions', t.text, (c) => c.notNull())
        .addColumn('exclusions', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('updated_at', t.bigint, (c) => c.notNull())
        .addColumn('sent_at', t.bigint)
        .addColumn('sent_by_id', t.text)
        .addColumn('sent_by_name', t.text)
        .addColumn('accepted_at', t.bigint)
        .addColumn('accepted_name', t.text)
        .addColumn('accepted_ip', t.text)
        .addColumn('accepted_user_agent', t.text)
        .addUniqueConstraint('quote_versions_number', ['quote_id', 'number'])
        .execute();
      for (const status of ['draft', 'sent', 'accepted']) {
        await sql
          .raw(
            `CREATE UNIQUE INDEX quote_versions_one_${status} ON quote_versions (quote_id) WHERE status = '${status}'`,
          )
          .execute(db);
      }

      await db.schema
        .createTable('trip_links')
        .addColumn('inquiry_id', t.text, (c) => c.primaryKey().references('inquiries.id').onDelete('cascade'))
        // hex SHA-256 of the token; the token itself is never stored.
        .addColumn('token_hash', t.text, (c) => c.notNull().unique())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('rotated_at', t.bigint)
        .addColumn('views', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('last_viewed_at', t.bigint)
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('trip_links').execute();
      await db.schema.dropTable('quote_versions').execute();
      await db.schema.dropTable('quotes').execute();
    },
  };
}
