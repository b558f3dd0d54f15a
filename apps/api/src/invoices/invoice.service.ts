// D32: staff issue an invoice for an inquiry's accepted quotation (a tax invoice with CGST + SGST or IGST when the
// agency has a GSTIN, else a plain one) and credit notes against it; each takes its number from the one numbering
// module in the paper's own transaction, keeps what it printed, writes a line in the timeline and mails the customer.
import {
  CREDIT_NOTE_TITLE,
  INQUIRY_MESSAGES,
  INVOICE_MESSAGES,
  creditNoteAmounts,
  formatRupees,
  gstSplit,
  gstinState,
  invoiceTitle,
  kolkataDate,
  rupeesToPaise,
  type CreditNote,
  type CreditNoteBody,
  type GstAmounts,
  type Invoice,
  type IssueInvoiceBody,
  type TripPaper,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import type { InquiryNotifier } from '../notifications/notification.service';
import { findInquiryById, type InquiryRow } from '../inquiries/inquiry.repository';
import { can } from '../inquiries/inquiry.policy';
import { recordQuoteNote } from '../inquiries/inquiry-quotes';
import { findQuoteByInquiry, findVersions } from '../quotes/quote.repository';
import { nextDocumentNumber } from '../papers/document-numbers';
import { creditNotePaper, invoicePaper, type InvoicePaper, type PaperConfig } from './invoice-paper';
import {
  creditInvoice,
  creditedAmounts,
  findCreditNoteById,
  findCreditNotesOf,
  findInvoiceById,
  findInvoicesByInquiry,
  findLiveInvoice,
  insertCreditNote,
  insertInvoice,
  type CreditNoteRow,
  type InvoiceRow,
} from './invoice.repository';

export interface InvoiceContext {
  db: Db;
  config: PaperConfig;
  /** Writes the customer's mail of an issued paper (D25) in the paper's transaction. */
  notifier?: Pick<InquiryNotifier, 'paperIssued' | 'committed'>;
}

const r = (paise: number) => paise / 100;

const amountsOf = (row: InvoiceRow | CreditNoteRow): GstAmounts => ({
  taxablePaise: row.taxable_paise,
  cgstPaise: row.cgst_paise,
  sgstPaise: row.sgst_paise,
  igstPaise: row.igst_paise,
  totalPaise: row.total_paise,
});

const figures = (a: GstAmounts) => ({
  taxable: r(a.taxablePaise),
  cgst: r(a.cgstPaise),
  sgst: r(a.sgstPaise),
  igst: r(a.igstPaise),
  total: r(a.totalPaise),
});

function toCreditNote(row: CreditNoteRow): CreditNote {
  return {
    _id: row.id,
    invoiceId: row.invoice_id,
    number: row.number,
    issuedAt: toIso(row.issued_at)!,
    reason: row.reason,
    ...figures(amountsOf(row)),
  };
}

function toInvoice(row: InvoiceRow, notes: CreditNoteRow[]): Invoice {
  const paper = JSON.parse(row.paper) as InvoicePaper;
  return {
    _id: row.id,
    inquiryId: row.inquiry_id,
    number: row.number,
    taxInvoice: row.tax_invoice === 1,
    issuedAt: toIso(row.issued_at)!,
    issuedBy: row.issued_by_name,
    version: paper.trip.version,
    customerName: row.customer_name,
    placeOfSupply: row.place_of_supply,
    customerGstin: row.customer_gstin,
    gstPercent: row.gst_basis_points / 100,
    stateTaxName: row.state_tax_name,
    ...figures(amountsOf(row)),
    credited: r(row.credited_paise),
    remaining: r(row.total_paise - row.credited_paise),
    creditNotes: notes.filter((n) => n.invoice_id === row.id).map(toCreditNote),
  };
}

async function answerInvoice(db: DbOrTx, id: string): Promise<Invoice> {
  const row = (await findInvoiceById(db, id))!;
  return toInvoice(row, await findCreditNotesOf(db, [id]));
}

async function visibleInquiry(db: DbOrTx, id: string): Promise<InquiryRow> {
  const row = isId(id) ? await findInquiryById(db, id) : undefined;
  if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
  return row;
}

/** The place of supply and the buyer's GSTIN of a tax invoice; 400 when they are missing or disagree. */
function taxParty(row: InquiryRow, body: IssueInvoiceBody): { state: string; gstin: string | null } {
  const gstin = body.customerGstin ?? null;
  // A registered buyer's place of supply is where it is registered (IGST Act s.12(2)).
  const state = body.customerState ?? (gstin ? gstinState(gstin) : null) ?? (row.customer_state || null);
  if (!state) throw badRequest(INVOICE_MESSAGES.stateRequired, { customerState: INVOICE_MESSAGES.stateRequired });
  if (gstin && gstinState(gstin) !== state) {
    throw badRequest(INVOICE_MESSAGES.gstinStateMismatch, { customerGstin: INVOICE_MESSAGES.gstinStateMismatch });
  }
  return { state, gstin };
}

/** A unique index refused the row: another live invoice of the inquiry was written first. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** POST /api/inquiries/{id}/invoices: the accepted version's invoice, numbered INV/{FY}/{n}. */
export async function issueInvoice(
  ctx: InvoiceContext,
  user: AuthUser,
  inquiryId: string,
  body: IssueInvoiceBody,
): Promise<Invoice> {
  const row = await visibleInquiry(ctx.db, inquiryId);
  const quote = await findQuoteByInquiry(ctx.db, row.id);
  const version = quote ? (await findVersions(ctx.db, quote.id)).find((v) => v.status === 'accepted') : undefined;
  if (!version) throw conflict(INVOICE_MESSAGES.notAccepted);
  const taxInvoice = ctx.config.GST_NUMBER !== undefined;
  if (taxInvoice && version.gst_basis_points === 0) throw conflict(INVOICE_MESSAGES.noGstOnVersion);
  const party = taxInvoice
    ? taxParty(row, body)
    : { state: body.customerState ?? (row.customer_state || null), gstin: null };
  const agencyState = taxInvoice ? gstinState(ctx.config.GST_NUMBER!) : '';
  const split = taxInvoice ? gstSplit(version.gst_paise, agencyState, party.state!) : undefined;
  const amounts: GstAmounts = split
    ? {
        taxablePaise: version.price_paise,
        cgstPaise: split.cgstPaise,
        sgstPaise: split.sgstPaise,
        igstPaise: split.igstPaise,
        totalPaise: version.total_paise,
      }
    : { taxablePaise: version.total_paise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: version.total_paise };
  const at = now();
  const id = newId();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (await findLiveInvoice(trx, row.id)) throw conflict(INVOICE_MESSAGES.alreadyInvoiced);
      const number = await nextDocumentNumber(trx, 'INV', at);
      const paper = invoicePaper({
        config: ctx.config,
        taxInvoice,
        number,
        date: kolkataDate(at),
        party: {
          customerName: row.customer_name,
          customerAddress: body.customerAddress ? body.customerAddress.normalize('NFC') : null,
          customerEmail: row.customer_email,
          placeOfSupply: party.state,
          customerGstin: party.gstin,
          destination: row.location,
          tourDuration: row.tour_duration,
          travelDate: row.travel_date,
          adults: row.adults,
          kids: row.kids,
          version: version.number,
        },
        gstPercent: version.gst_basis_points / 100,
        stateTaxName: split?.stateTaxName ?? 'SGST',
        amounts,
      });
      await insertInvoice(trx, {
        id,
        inquiry_id: row.id,
        quote_version_id: version.id,
        number,
        tax_invoice: taxInvoice ? 1 : 0,
        issued_at: at,
        issued_by_id: user.id,
        issued_by_name: user.name,
        customer_name: row.customer_name,
        place_of_supply: party.state,
        customer_gstin: party.gstin,
        gst_basis_points: taxInvoice ? version.gst_basis_points : 0,
        state_tax_name: split?.stateTaxName ?? 'SGST',
        taxable_paise: amounts.taxablePaise,
        cgst_paise: amounts.cgstPaise,
        sgst_paise: amounts.sgstPaise,
        igst_paise: amounts.igstPaise,
        total_paise: amounts.totalPaise,
        live_inquiry_id: row.id,
        paper: JSON.stringify(paper),
      });
      await recordQuoteNote(
        trx,
        row.id,
        user,
        `${paper.title} ${number} issued for ${formatRupees(r(amounts.totalPaise))}`,
        at,
      );
      await ctx.notifier?.paperIssued(trx, row.id, { id, paper });
    });
  } catch (err) {
    // Two issues at once: the unique live invoice refused the second (its number was given back with its rollback).
    if (isUniqueViolation(err)) throw conflict(INVOICE_MESSAGES.alreadyInvoiced);
    throw err;
  }
  ctx.notifier?.committed();
  return answerInvoice(ctx.db, id);
}

/** POST /api/invoices/{id}/credit-notes: CN/{FY}/{n} for an amount (GST included) not yet credited. */
export async function issueCreditNote(
  ctx: InvoiceContext,
  user: AuthUser,
  invoiceId: string,
  body: CreditNoteBody,
): Promise<Invoice> {
  const invoice = isId(invoiceId) ? await findInvoiceById(ctx.db, invoiceId) : undefined;
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  const amountPaise = rupeesToPaise(body.amount);
  if (amountPaise < 1) throw badRequest(INVOICE_MESSAGES.amountRequired, { amount: INVOICE_MESSAGES.amountRequired });
  const at = now();
  await ctx.db.transaction().execute(async (trx) => {
    // First the guarded credit: it holds the invoice's row, so what is read after it is what earlier notes took.
    if (!(await creditInvoice(trx, invoice.id, amountPaise))) {
      const fresh = (await findInvoiceById(trx, invoice.id))!;
      const left = fresh.total_paise - fresh.credited_paise;
      const message =
        left === 0 ? INVOICE_MESSAGES.fullyCredited : INVOICE_MESSAGES.amountTooLarge(formatRupees(r(left)));
      throw left === 0 ? conflict(message) : badRequest(message, { amount: message });
    }
    const credited = await creditedAmounts(trx, invoice.id);
    const invoicePaperKept = JSON.parse(invoice.paper) as InvoicePaper;
    const agencyState = invoicePaperKept.seller.gstin ? gstinState(invoicePaperKept.seller.gstin) : '';
    const amounts =
      invoice.tax_invoice === 1
        ? creditNoteAmounts(amountPaise, amountsOf(invoice), credited, (tax) =>
            gstSplit(tax, agencyState, invoice.place_of_supply ?? ''),
          )
        : { taxablePaise: amountPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: amountPaise };
    const number = await nextDocumentNumber(trx, 'CN', at);
    const reason = body.reason.normalize('NFC');
    const paper = creditNotePaper(invoicePaperKept, { number, date: kolkataDate(at), reason, amounts });
    const id = newId();
    await insertCreditNote(trx, {
      id,
      invoice_id: invoice.id,
      inquiry_id: invoice.inquiry_id,
      number,
      issued_at: at,
      issued_by_id: user.id,
      issued_by_name: user.name,
      reason,
      taxable_paise: amounts.taxablePaise,
      cgst_paise: amounts.cgstPaise,
      sgst_paise: amounts.sgstPaise,
      igst_paise: amounts.igstPaise,
      total_paise: amounts.totalPaise,
      paper: JSON.stringify(paper),
    });
    await recordQuoteNote(
      trx,
      invoice.inquiry_id,
      user,
      `Credit note ${number} against ${invoice.number} for ${formatRupees(r(amountPaise))}: ${reason}`,
      at,
    );
    await ctx.notifier?.paperIssued(trx, invoice.inquiry_id, { id, paper });
  });
  ctx.notifier?.committed();
  return answerInvoice(ctx.db, invoice.id);
}

/** GET /api/inquiries/{id}/invoices: the inquiry's invoices with their credit notes, oldest first. */
export async function listInvoices(ctx: InvoiceContext, inquiryId: string): Promise<Invoice[]> {
  const row = await visibleInquiry(ctx.db, inquiryId);
  const invoices = await findInvoicesByInquiry(ctx.db, row.id);
  const notes = await findCreditNotesOf(
    ctx.db,
    invoices.map((i) => i.id),
  );
  return invoices.map((i) => toInvoice(i, notes));
}

/** The paper of an invoice or credit note, for the back office or the inquiry's own Customer; else 404. */
export async function findPaper(
  db: DbOrTx,
  user: AuthUser,
  kind: 'invoice' | 'creditNote',
  id: string,
): Promise<InvoicePaper> {
  const row = !isId(id)
    ? undefined
    : kind === 'invoice'
      ? await findInvoiceById(db, id)
      : await findCreditNoteById(db, id);
  const inquiry = row ? await findInquiryById(db, row.inquiry_id) : undefined;
  if (!row || !inquiry || !can(user, 'read', inquiry)) {
    throw notFound(kind === 'invoice' ? INVOICE_MESSAGES.notFound : INVOICE_MESSAGES.creditNoteNotFound);
  }
  return JSON.parse(row.paper) as InvoicePaper;
}

/** The paper of an invoice or credit note of this inquiry (the trip link's), else 404. */
export async function findInquiryPaper(
  db: DbOrTx,
  inquiryId: string,
  kind: 'invoice' | 'creditNote',
  id: string,
): Promise<InvoicePaper> {
  const row = !isId(id)
    ? undefined
    : kind === 'invoice'
      ? await findInvoiceById(db, id)
      : await findCreditNoteById(db, id);
  if (!row || row.inquiry_id !== inquiryId) {
    throw notFound(kind === 'invoice' ? INVOICE_MESSAGES.notFound : INVOICE_MESSAGES.creditNoteNotFound);
  }
  return JSON.parse(row.paper) as InvoicePaper;
}

/** The trip page's papers: each invoice, then its credit notes, with the amount the customer sees. */
export async function tripPapers(db: DbOrTx, inquiryId: string): Promise<TripPaper[]> {
  const invoices = await findInvoicesByInquiry(db, inquiryId);
  const notes = await findCreditNotesOf(
    db,
    invoices.map((i) => i.id),
  );
  return invoices.flatMap((i) => {
    const title = invoiceTitle(i.tax_invoice === 1);
    return [
      {
        kind: 'invoice' as const,
        id: i.id,
        number: i.number,
        title,
        issuedAt: toIso(i.issued_at)!,
        total: r(i.total_paise),
      },
      ...notes
        .filter((n) => n.invoice_id === i.id)
        .map((n) => ({
          kind: 'creditNote' as const,
          id: n.id,
          number: n.number,
          title: CREDIT_NOTE_TITLE,
          issuedAt: toIso(n.issued_at)!,
          total: r(n.total_paise),
        })),
    ];
  });
}

/** A paper's file name: its number with '/' as '-' ('INV-2026-27-0001.pdf'). */
export const paperFileName = (paper: InvoicePaper) => `${paper.number.replaceAll('/', '-')}.pdf`;
