// The PDF papers the worker pool lays out (pdf-pool.ts), each registered once by name with its layout: a function
// of plain data (what structured cloning carries to a worker: objects, strings, numbers, byte arrays) to the file.
// To move a paper onto the pool, add its layout here and ask for it by name: `app.pdf.render('name', data)`.
import { renderBrochurePdf, type BrochureInput } from '../brochure/brochure.pdf';
import { renderQuotationPdf } from '../inquiries/inquiry-quotation.pdf';
import { renderQuotePaperPdf } from '../quotes/quote-paper.pdf';
import { renderReceiptPdf } from '../payments/receipt.pdf';
import { renderInvoicePdf } from '../invoices/invoice-paper.pdf';
import { renderVoucherPdf } from '../suppliers/voucher.pdf';

/** A byte array that crossed to the worker (a Buffer arrives as a plain Uint8Array), as the Buffer pdfkit wants. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export const PDF_PAPERS = {
  /** A quotation version's paper (issue 51): the signed-in download and the trip page's. */
  'quote-paper': renderQuotePaperPdf,
  /** A priced inquiry's quotation before any version was sent (D27). */
  'inquiry-quotation': renderQuotationPdf,
  /** A package's brochure (D28), its photos as JPEG bytes. */
  brochure: (input: BrochureInput) => renderBrochurePdf({ ...input, photos: input.photos.map(asBuffer) }),
  /** A verified payment's receipt (D31). */
  receipt: renderReceiptPdf,
  /** A tax invoice, a plain invoice or a credit note (D32). */
  invoice: renderInvoicePdf,
  /** A confirmed hotel or cab booking's voucher (issue 53). */
  voucher: renderVoucherPdf,
} satisfies Record<string, (data: never) => Promise<Buffer>>;

export type PdfPaperKind = keyof typeof PDF_PAPERS;
export type PdfPaperData<K extends PdfPaperKind> = Parameters<(typeof PDF_PAPERS)[K]>[0];
