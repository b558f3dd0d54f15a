// D32's tax invoices and credit notes: the bodies staff send, the answers they get (money in rupees) and the
// papers the trip page lists; the accountant's export period is reports.ts'.
import { z } from 'zod';
import { idSchema, moneySchema, optionalText, requiredText } from './common';
import { GST_RULE_MESSAGES, gstState, isValidGstin } from './gst-rules';
import { INVOICE_LIMITS, INVOICE_MESSAGES } from './invoice-rules';

const stateCode = z
  .string({ error: GST_RULE_MESSAGES.invalidState })
  .trim()
  .refine((v) => gstState(v) !== undefined, { error: GST_RULE_MESSAGES.invalidState });

/**
 * POST /api/inquiries/{id}/invoices: the place of supply (by default the inquiry's state), a registered buyer's
 * GSTIN, and the customer's postal address to print (several lines; blank: none).
 */
export const issueInvoiceBodySchema = z.object({
  customerAddress: optionalText(INVOICE_LIMITS.address, { multiLine: true }).optional(),
  customerState: z.preprocess((v) => (v === '' || v === null ? undefined : v), stateCode.optional()),
  customerGstin: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
    z
      .string({ error: GST_RULE_MESSAGES.invalidGstin })
      .refine(isValidGstin, { error: GST_RULE_MESSAGES.invalidGstin })
      .optional(),
  ),
});
export type IssueInvoiceBody = z.output<typeof issueInvoiceBodySchema>;

/** POST /api/invoices/{id}/credit-notes: rupees, GST included, at most what is not yet credited. */
export const creditNoteBodySchema = z.object({
  amount: moneySchema('Amount'),
  reason: requiredText(INVOICE_MESSAGES.reasonRequired, INVOICE_LIMITS.reason),
});
export type CreditNoteBody = z.output<typeof creditNoteBodySchema>;

const taxFigures = {
  /** Before GST; the whole amount on a plain invoice. */
  taxable: z.number(),
  cgst: z.number(),
  /** SGST, or UTGST when `stateTaxName` says so. */
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
};

export const creditNoteSchema = z.object({
  _id: idSchema,
  invoiceId: idSchema,
  number: z.string(),
  issuedAt: z.string(),
  reason: z.string(),
  ...taxFigures,
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const invoiceSchema = z.object({
  _id: idSchema,
  inquiryId: idSchema,
  number: z.string(),
  /** A registered agency's tax invoice, or an unregistered one's plain invoice. */
  taxInvoice: z.boolean(),
  issuedAt: z.string(),
  issuedBy: z.string(),
  /** The quotation version invoiced. */
  version: z.number(),
  customerName: z.string(),
  /** The place of supply's two-digit GST code; null on a plain invoice without one. */
  placeOfSupply: z.string().nullable(),
  customerGstin: z.string().nullable(),
  gstPercent: z.number(),
  stateTaxName: z.enum(['SGST', 'UTGST']),
  ...taxFigures,
  /** What credit notes have taken back, and what is left. */
  credited: z.number(),
  remaining: z.number(),
  creditNotes: z.array(creditNoteSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

export const invoicePaperParamsSchema = z.object({ id: idSchema });
export const tripPaperParamsSchema = z.object({ token: z.string().min(1).max(200), id: idSchema });
