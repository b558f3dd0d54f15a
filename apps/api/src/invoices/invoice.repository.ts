// D32's invoices and credit notes in the database: inserted once, read by inquiry, id or period. The only update is
// the guarded credit of an invoice (never past its total).
import { sql, type Insertable, type Selectable } from 'kysely';
import type { GstAmounts } from '@safarnama/contract';
import type { CreditNotesTable, DbOrTx, InvoicesTable } from '../db/database';

export type InvoiceRow = Selectable<InvoicesTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;

export async function insertInvoice(trx: DbOrTx, row: Insertable<InvoicesTable>): Promise<void> {
  await trx.insertInto('invoices').values(row).execute();
}

export async function insertCreditNote(trx: DbOrTx, row: Insertable<CreditNotesTable>): Promise<void> {
  await trx.insertInto('credit_notes').values(row).execute();
}

export function findInvoiceById(db: DbOrTx, id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCreditNoteById(db: DbOrTx, id: string) {
  return db.selectFrom('credit_notes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The inquiry's invoice that is not fully credited, if any (at most one: the unique live_inquiry_id). */
export function findLiveInvoice(db: DbOrTx, inquiryId: string) {
  return db.selectFrom('invoices').select('number').where('live_inquiry_id', '=', inquiryId).executeTakeFirst();
}

/** The inquiry's invoices, oldest first. */
export function findInvoicesByInquiry(db: DbOrTx, inquiryId: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .orderBy('issued_at')
    .orderBy('number')
    .execute();
}

/** The credit notes of these invoices, oldest first. */
export async function findCreditNotesOf(db: DbOrTx, invoiceIds: readonly string[]): Promise<CreditNoteRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('credit_notes')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('issued_at')
    .orderBy('number')
    .execute();
}

/**
 * Adds `amountPaise` to what the invoice has credited, only if that stays within its total; the invoice stops being
 * live once fully credited. On PostgreSQL the row stays locked until the caller's transaction ends, so a second
 * credit note waits and then sees the first; false when the amount does not fit.
 */
export async function creditInvoice(trx: DbOrTx, invoiceId: string, amountPaise: number): Promise<boolean> {
  const r = await trx
    .updateTable('invoices')
    .set({
      credited_paise: sql<number>`credited_paise + ${amountPaise}`,
      live_inquiry_id: sql<
        string | null
      >`CASE WHEN credited_paise + ${amountPaise} = total_paise THEN NULL ELSE live_inquiry_id END`,
    })
    .where('id', '=', invoiceId)
    .where(sql<boolean>`credited_paise + ${amountPaise} <= total_paise`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What the invoice's credit notes have taken back so far, figure by figure. */
export async function creditedAmounts(db: DbOrTx, invoiceId: string): Promise<GstAmounts> {
  const r = await db
    .selectFrom('credit_notes')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('taxable_paise'), sql<number>`0`).as('taxable'),
      eb.fn.coalesce(eb.fn.sum<number>('cgst_paise'), sql<number>`0`).as('cgst'),
      eb.fn.coalesce(eb.fn.sum<number>('sgst_paise'), sql<number>`0`).as('sgst'),
      eb.fn.coalesce(eb.fn.sum<number>('igst_paise'), sql<number>`0`).as('igst'),
      eb.fn.coalesce(eb.fn.sum<number>('total_paise'), sql<number>`0`).as('total'),
    ])
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers a bigint sum as a string.
  return {
    taxablePaise: Number(r.taxable),
    cgstPaise: Number(r.cgst),
    sgstPaise: Number(r.sgst),
    igstPaise: Number(r.igst),
    totalPaise: Number(r.total),
  };
}

/** Invoices issued in [from, to) (epoch ms), by date and number: the accountant's export. */
export function findInvoicesIssued(db: DbOrTx, from: number, to: number) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('issued_at', '>=', from)
    .where('issued_at', '<', to)
    .orderBy('issued_at')
    .orderBy('number')
    .execute();
}

/** Credit notes issued in [from, to), with their invoice's number, tax kind and buyer. */
export function findCreditNotesIssued(db: DbOrTx, from: number, to: number) {
  return db
    .selectFrom('credit_notes as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .selectAll('c')
    .select([
      'i.number as invoice_number',
      'i.tax_invoice',
      'i.customer_name',
      'i.customer_gstin',
      'i.place_of_supply',
      'i.gst_basis_points',
    ])
    .where('c.issued_at', '>=', from)
    .where('c.issued_at', '<', to)
    .orderBy('c.issued_at')
    .orderBy('c.number')
    .execute();
}
