// Issue 53's vouchers: a supplier's address (printed on its vouchers), and the voucher of each confirmed hotel or
// cab booking, kept as printed. The voucher is a snapshot taken in the confirmation's transaction, so editing the
// inquiry (its traveller, date or counts) or the supplier (its address, phone) later never changes a voucher the
// traveller may already hold (docs/suppliers.md, "Vouchers").
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function vouchers(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('suppliers')
        .addColumn('address', t.text, (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('booking_vouchers')
        .addColumn('booking_id', t.text, (c) => c.primaryKey().references('supplier_bookings.id').onDelete('cascade'))
        .addColumn('inquiry_id', t.text, (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
        // JSON: what the voucher prints of the booking, its traveller and its supplier (voucher.ts, VoucherFacts).
        .addColumn('facts', t.text, (c) => c.notNull())
        .addColumn('issued_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('booking_vouchers_inquiry')
        .on('booking_vouchers')
        .columns(['inquiry_id', 'issued_at'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('booking_vouchers').execute();
      await db.schema.alterTable('suppliers').dropColumn('address').execute();
    },
  };
}
