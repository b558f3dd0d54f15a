// D33 the supplier directory, the rates quotation lines were sent at with each supplier (so the builder can offer
// the last one), and the booking requests made to suppliers after an acceptance with their links. Suppliers are
// deactivated, never deleted: quotation lines and bookings keep naming them.
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function suppliers(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('suppliers')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('kind', t.text, (c) => c.notNull())
        .addColumn('name', t.text, (c) => c.notNull())
        .addColumn('city', t.text, (c) => c.notNull())
        .addColumn('contact_person', t.text, (c) => c.notNull())
        .addColumn('phone', t.text, (c) => c.notNull())
        .addColumn('email', t.text, (c) => c.notNull())
        .addColumn('notes', t.text, (c) => c.notNull())
        // 1 or 0.
        .addColumn('active', t.int, (c) => c.notNull())
        // Lower-cased copies for the list's order, city filter and search, alike on both engines.
        .addColumn('name_key', t.text, (c) => c.notNull())
        .addColumn('city_key', t.text, (c) => c.notNull())
        .addColumn('search_text', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('updated_at', t.bigint, (c) => c.notNull())
        // One supplier per kind, name and city, whichever two requests race to add it.
        .addUniqueConstraint('suppliers_kind_name_city', ['kind', 'name_key', 'city_key'])
        .execute();
      await db.schema.createIndex('suppliers_name').on('suppliers').columns(['name_key', 'id']).execute();

      await db.schema
        .createTable('supplier_rates')
        .addColumn('version_id', t.text, (c) => c.notNull().references('quote_versions.id').onDelete('cascade'))
        .addColumn('line_index', t.int, (c) => c.notNull())
        .addColumn('supplier_id', t.text, (c) => c.notNull().references('suppliers.id'))
        .addColumn('kind', t.text, (c) => c.notNull())
        .addColumn('unit_cost_paise', t.bigint, (c) => c.notNull())
        .addColumn('description', t.text, (c) => c.notNull())
        .addColumn('sent_at', t.bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('supplier_rates_pk', ['version_id', 'line_index'])
        .execute();
      // The last rate of a supplier for a line kind: the newest row of this index's range.
      await db.schema
        .createIndex('supplier_rates_last')
        .on('supplier_rates')
        .columns(['supplier_id', 'kind', 'sent_at'])
        .execute();

      // After acceptance: one booking per supplier of the accepted version, with what it must provide and its cost.
      await db.schema
        .createTable('supplier_bookings')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inquiry_id', t.text, (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
        .addColumn('version_id', t.text, (c) => c.notNull().references('quote_versions.id').onDelete('cascade'))
        .addColumn('supplier_id', t.text, (c) => c.notNull().references('suppliers.id'))
        .addColumn('status', t.text, (c) => c.notNull())
        // JSON [{kind, description, quantity, unitCostPaise}]: the accepted lines that name this supplier.
        .addColumn('lines', t.text, (c) => c.notNull())
        .addColumn('cost_paise', t.bigint, (c) => c.notNull())
        .addColumn('confirmation_number', t.text)
        .addColumn('decline_reason', t.text)
        .addColumn('requested_at', t.bigint)
        .addColumn('answered_at', t.bigint)
        .addColumn('answered_by', t.text)
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addUniqueConstraint('supplier_bookings_one_per_supplier', ['version_id', 'supplier_id'])
        .execute();
      await db.schema.createIndex('supplier_bookings_inquiry').on('supplier_bookings').column('inquiry_id').execute();
      // A booking's link to its supplier: only the SHA-256 of the token is kept; sending again replaces it.
      await db.schema
        .createTable('supplier_links')
        .addColumn('booking_id', t.text, (c) => c.primaryKey().references('supplier_bookings.id').onDelete('cascade'))
        .addColumn('token_hash', t.text, (c) => c.notNull().unique())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('expires_at', t.bigint, (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('supplier_links').execute();
      await db.schema.dropTable('supplier_bookings').execute();
      await db.schema.dropTable('supplier_rates').execute();
      await db.schema.dropTable('suppliers').execute();
    },
  };
}
