// D33 what the agency owes its suppliers: the payments made to a booking's supplier form a ledger like D31's (a
// mistake is a reversal entry of its own naming the payment; nothing is edited or deleted). A reference (UTR, cheque
// number) is used once among the standing supplier payments: `live_reference` holds it until the payment is
// reversed (migration 029's rule), and unique indexes settle races (one reversal per payment).
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function supplierPayments(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('supplier_payments')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('booking_id', t.text, (c) => c.notNull().references('supplier_bookings.id').onDelete('cascade'))
        // Copied from the booking: the Owner's page sums by supplier without a join.
        .addColumn('supplier_id', t.text, (c) => c.notNull().references('suppliers.id'))
        // 'payment' | 'reversal'
        .addColumn('kind', t.text, (c) => c.notNull())
        // A reversal carries the amount of the payment it reverses.
        .addColumn('amount_paise', t.bigint, (c) => c.notNull())
        .addColumn('mode', t.text)
        // Spaces removed, upper case, as printed; live_reference is the same while the payment stands.
        .addColumn('reference', t.text)
        .addColumn('live_reference', t.text, (c) => c.unique())
        .addColumn('paid_at', t.bigint, (c) => c.notNull())
        .addColumn('reversal_of', t.text, (c) => c.unique().references('supplier_payments.id'))
        .addColumn('reason', t.text)
        .addColumn('recorded_by_id', t.text)
        .addColumn('recorded_by_name', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('supplier_payments_booking')
        .on('supplier_payments')
        .columns(['booking_id', 'created_at'])
        .execute();
      await db.schema.createIndex('supplier_payments_supplier').on('supplier_payments').column('supplier_id').execute();
      // The Owner's page reads a supplier's bookings.
      await db.schema.createIndex('supplier_bookings_supplier').on('supplier_bookings').column('supplier_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('supplier_bookings_supplier').execute();
      await db.schema.dropTable('supplier_payments').execute();
    },
  };
}
