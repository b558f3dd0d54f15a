// D5 as amended: an inquiry belongs to the account it is linked to, never to the address it carries. Lists used to
// match an inquiry's address too, so an inquiry a visitor sent before (or after) its address got an account was
// shown by address alone; this links each such inquiry to the Customer who verified its address, so nobody loses
// one. The links it made are recorded (inquiry_address_links), so that the way down takes back exactly those and
// no link made since by a logged-in send or a verification.
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function inquiryOwners(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('inquiry_address_links')
        .addColumn('inquiry_id', t.text, (c) => c.primaryKey())
        .addColumn('user_id', t.text, (c) => c.notNull())
        .execute();
      await sql`
        INSERT INTO inquiry_address_links (inquiry_id, user_id)
        SELECT i.id, u.id FROM inquiries i JOIN users u ON u.email = i.customer_email
        WHERE i.customer_user_id IS NULL AND i.deleted_at IS NULL
          AND u.role = 'Customer' AND u.email_verified_at IS NOT NULL`.execute(db);
      await sql`
        UPDATE inquiries SET customer_user_id = (
          SELECT l.user_id FROM inquiry_address_links l WHERE l.inquiry_id = inquiries.id)
        WHERE id IN (SELECT inquiry_id FROM inquiry_address_links)`.execute(db);
    },
    async down(db: AnyDb) {
      await sql`
        UPDATE inquiries SET customer_user_id = NULL
        WHERE id IN (SELECT inquiry_id FROM inquiry_address_links)`.execute(db);
      await db.schema.dropTable('inquiry_address_links').execute();
    },
  };
}
