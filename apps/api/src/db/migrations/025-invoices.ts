// D32: tax invoices (plain invoices for an unregistered agency) and the credit notes against them. A paper never
// changes once issued: its printed content is kept whole (`paper`, JSON), its amounts in paise beside it for the
// accountant's export. `credited_paise` is the one bookkeeping column that moves (credit notes add to it, guarded
// so it never passes the total), and `live_inquiry_id` — the inquiry's id until the invoice is fully credited,
// then null — lets a unique index keep one live invoice per inquiry, even when two requests race.
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function invoices(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('invoices')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inquiry_id', t.text, (c) => c.notNull().references('inquiries.id'))
        .addColumn('quote_version_id', t.text, (c) => c.notNull().references('quote_versions.id'))
        .addColumn('number', t.text, (c) => c.notNull().unique())
        // 1: a tax invoice (GSTIN configured), 0: a plain invoice.
        .addColumn('tax_invoice', t.int, (c) => c.notNull())
        .addColumn('issued_at', t.bigint, (c) => c.notNull())
        .addColumn('issued_by_id', t.text)
        .addColumn('issued_by_name', t.text, (c) => c.notNull())
        .addColumn('customer_name', t.text, (c) => c.notNull())
        .addColumn('place_of_supply', t.text)
        .addColumn('customer_gstin', t.text)
        .addColumn('gst_basis_points', t.int, (c) => c.notNull())
        .addColumn('state_tax_name', t.text, (c) => c.notNull())
        .addColumn('taxable_paise', t.bigint, (c) => c.notNull())
        .addColumn('cgst_paise', t.bigint, (c) => c.notNull())
        .addColumn('sgst_paise', t.bigint, (c) => c.notNull())
        .addColumn('igst_paise', t.bigint, (c) => c.notNull())
        .addColumn('total_paise', t.bigint, (c) => c.notNull())
        .addColumn('credited_paise', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('live_inquiry_id', t.text, (c) => c.unique())
        .addColumn('paper', t.text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoices_inquiry').on('invoices').columns(['inquiry_id', 'issued_at']).execute();
      await db.schema.createIndex('invoices_issued_at').on('invoices').column('issued_at').execute();

      await db.schema
        .createTable('credit_notes')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('invoice_id', t.text, (c) => c.notNull().references('invoices.id'))
        .addColumn('inquiry_id', t.text, (c) => c.notNull().references('inquiries.id'))
        .addColumn('number', t.text, (c) => c.notNull().unique())
        .addColumn('issued_at', t.bigint, (c) => c.notNull())
        .addColumn('issued_by_id', t.text)
        .addColumn('issued_by_name', t.text, (c) => c.notNull())
        .addColumn('reason', t.text, (c) => c.notNull())
        .addColumn('taxable_paise', t.bigint, (c) => c.notNull())
        .addColumn('cgst_paise', t.bigint, (c) => c.notNull())
        .addColumn('sgst_paise', t.bigint, (c) => c.notNull())
        .addColumn('igst_paise', t.bigint, (c) => c.notNull())
        .addColumn('total_paise', t.bigint, (c) => c.notNull())
        .addColumn('paper', t.text, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('credit_notes_invoice')
        .on('credit_notes')
        .columns(['invoice_id', 'issued_at'])
        .execute();
      await db.schema.createIndex('credit_notes_issued_at').on('credit_notes').column('issued_at').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('credit_notes').execute();
      await db.schema.dropTable('invoices').execute();
    },
  };
}
