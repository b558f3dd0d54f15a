// Issue 51: the trip link's views counted per quotation version too, so staff know whether the customer has seen
// the version they sent (the link's own counter keeps counting every version), and an index over the live sent
// versions by their last valid day, for the quotations "My work" lists (docs/quotations.md).
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function quoteViews(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('quote_versions')
        .addColumn('views', t.int, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('quote_versions').addColumn('last_viewed_at', t.bigint).execute();
      // A version sent before this migration whose link was opened since it was sent was seen at least once.
      await sql`
        UPDATE quote_versions SET views = 1, last_viewed_at = (
          SELECT l.last_viewed_at FROM quotes q JOIN trip_links l ON l.inquiry_id = q.inquiry_id
          WHERE q.id = quote_versions.quote_id)
        WHERE status IN ('sent', 'accepted') AND sent_at <= (
          SELECT l.last_viewed_at FROM quotes q JOIN trip_links l ON l.inquiry_id = q.inquiry_id
          WHERE q.id = quote_versions.quote_id)`.execute(db);
      // Sent versions stay 'sent' once they expire: the index holds them by their last day, so My work reads the
      // live ones only.
      await sql`CREATE INDEX quote_versions_sent_valid_until ON quote_versions (valid_until) WHERE status = 'sent'`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('quote_versions_sent_valid_until').execute();
      await db.schema.alterTable('quote_versions').dropColumn('last_viewed_at').execute();
      await db.schema.alterTable('quote_versions').dropColumn('views').execute();
    },
  };
}
