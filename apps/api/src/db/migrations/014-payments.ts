// D31 payments: an inquiry's instalments (made at acceptance, reshaped by staff), the ledger of payments (a claim
// becomes verified; a mistake is a reversal entry of its own, nothing is deleted), and the reminders sent, once each.
// Unique indexes hold the rules races could break: a reference used once, one reversal per entry, one receipt number.
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function payments(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('instalments')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inquiry_id', t.text, (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
        // 1, 2, … in due order: the instalment's reference is the quotation number and its position.
        .addColumn('position', t.int, (c) => c.notNull())
        .addColumn('amount_paise', t.bigint, (c) => c.notNull())
        // A Kolkata day, YYYY-MM-DD: overdue from the next day.
        .addColumn('due_date', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('updated_at', t.bigint, (c) => c.notNull())
        .addUniqueConstraint('instalments_position', ['inquiry_id', 'position'])
        .execute();
      // The dashboards and the reminders read unpaid instalments by their day.
      await db.schema.createIndex('instalments_due_date').on('instalments').column('due_date').execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inquiry_id', t.text, (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
        // 'payment' | 'reversal'
        .addColumn('kind', t.text, (c) => c.notNull())
        .addColumn('amount_paise', t.bigint, (c) => c.notNull())
        // A customer's claim: the amount they reported (amount_paise is what staff verified).
        .addColumn('claimed_amount_paise', t.bigint)
        .addColumn('mode', t.text)
        // Spaces removed, upper case; unique across every inquiry (a UTR or cheque is used once).
        .addColumn('reference', t.text, (c) => c.unique())
        .addColumn('received_at', t.bigint, (c) => c.notNull())
        // No foreign key: a reshaped schedule may drop the instalment a claim named, and the claim stays.
        .addColumn('instalment_id', t.text)
        .addColumn('receipt_number', t.text, (c) => c.unique())
        .addColumn('reversal_of', t.text, (c) => c.unique().references('payments.id'))
        .addColumn('reason', t.text)
        .addColumn('recorded_by_id', t.text)
        .addColumn('recorded_by_name', t.text, (c) => c.notNull())
        .addColumn('verified_at', t.bigint)
        .addColumn('verified_by_id', t.text)
        .addColumn('verified_by_name', t.text)
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_inquiry').on('payments').columns(['inquiry_id', 'created_at']).execute();
      // The reports read verified money by the day it was received.
      await sql`CREATE INDEX payments_verified_received ON payments (received_at) WHERE verified_at IS NOT NULL`.execute(
        db,
      );

      await db.schema
        .createTable('payment_reminders')
        .addColumn('instalment_id', t.text, (c) => c.notNull().references('instalments.id').onDelete('cascade'))
        // 'before' | 'on' | 'after'
        .addColumn('kind', t.text, (c) => c.notNull())
        // The due day it was for: a date staff move gets its own reminders.
        .addColumn('due_date', t.text, (c) => c.notNull())
        .addColumn('sent_at', t.bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_reminders_pk', ['instalment_id', 'kind', 'due_date'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('payment_reminders').execute();
      await db.schema.dropTable('payments').execute();
      await db.schema.dropTable('instalments').execute();
    },
  };
}
