// Issued papers sent with the customer's mail (issue 52: receipts, invoices and credit notes "in the customer's
// mail"). An outbox row names its paper by kind and id only ({"paper","id"} in notification_outbox.attachment);
// the sender lays the PDF out through the app's pool when it sends, from the paper kept at issue, so the file in
// the mail is the one the trip page serves and a row holds no megabytes. To attach another paper (a voucher), add
// its kind and how to find and lay it out below.
import type { DbOrTx } from '../db/database';
import type { PdfPool } from '../papers/pdf-pool';
import { findPaymentById } from '../payments/payment.repository';
import { storedReceiptPaper, type ReceiptAgency } from '../payments/receipt-paper';
import { findCreditNoteById, findInvoiceById } from '../invoices/invoice.repository';
import type { InvoicePaper } from '../invoices/invoice-paper';
import { paperFileName } from '../invoices/invoice.service';

/** The papers a mail may carry. */
type MailPaperKind = 'receipt' | 'invoice' | 'creditNote';

export interface MailAttachment {
  paper: MailPaperKind;
  /** The paper's row: a payment's (receipt), an invoice's or a credit note's id. */
  id: string;
}

/** A file as nodemailer attaches it. */
export interface AttachedFile {
  filename: string;
  content: Buffer;
  contentType: 'application/pdf';
}

export interface AttachmentDeps {
  db: DbOrTx;
  pdf: () => PdfPool;
  /** The agency a receipt kept without one prints (receipt-paper.ts). */
  receiptAgency: ReceiptAgency;
}

type FoundPaper = { filename: string; layOut: (pdf: PdfPool) => Promise<Buffer> } | undefined;

const invoicePdf = (paper: InvoicePaper): FoundPaper => ({
  filename: paperFileName(paper),
  layOut: (pdf) => pdf.render('invoice', paper),
});

const PAPERS: Record<MailPaperKind, (deps: AttachmentDeps, id: string) => Promise<FoundPaper>> = {
  async receipt(deps, id) {
    const payment = await findPaymentById(deps.db, id);
    const paper = payment ? storedReceiptPaper(payment, deps.receiptAgency) : undefined;
    return paper && { filename: paper.fileName, layOut: (pdf) => pdf.render('receipt', paper) };
  },
  async invoice(deps, id) {
    const row = await findInvoiceById(deps.db, id);
    return row && invoicePdf(JSON.parse(row.paper) as InvoicePaper);
  },
  async creditNote(deps, id) {
    const row = await findCreditNoteById(deps.db, id);
    return row && invoicePdf(JSON.parse(row.paper) as InvoicePaper);
  },
};

/** The outbox column's value. */
export const attachmentColumn = (attachment: MailAttachment | null) =>
  attachment ? JSON.stringify({ paper: attachment.paper, id: attachment.id }) : null;

/**
 * The PDF a row's attachment names. Throws when the paper is not found or the pool is busy: the sender counts that
 * as a failed try and tries again later, so a mail never goes without the paper it promises.
 */
export async function layOutAttachment(deps: AttachmentDeps, column: string): Promise<AttachedFile> {
  const attachment = JSON.parse(column) as MailAttachment;
  const found = PAPERS[attachment.paper] ? await PAPERS[attachment.paper](deps, attachment.id) : undefined;
  if (!found) throw new Error(`The attached paper is missing: ${attachment.paper} ${attachment.id}`);
  return { filename: found.filename, content: await found.layOut(deps.pdf()), contentType: 'application/pdf' };
}
