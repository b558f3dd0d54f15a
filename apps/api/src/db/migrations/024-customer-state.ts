// D32: the customer's state or union territory (its two-digit GST code), the place of supply of the agency's tax
// invoice: an inquiry field of its own (inquiry-fields.ts), null for the inquiries already there (answered as '').
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function customerState(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('inquiries').addColumn('customer_state', t.text).execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('inquiries').dropColumn('customer_state').execute();
    },
  };
}
