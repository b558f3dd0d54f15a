// D31 payments and D32's tax invoices and credit notes: the staff's bodies and answers, and what the trip page
// shows (never a cost, a margin or a staff e-mail). Money is rupees here (at most two decimals), paise inside the
// server, as quotes.ts does.
import { z } from 'zod';
import { idSchema, moneySchema, multiLineText, oneLineText, optionalText, requiredText } from './common';
import {
  GST_RULE_MESSAGES,
  INSTALMENT_STATUSES,
  INVOICE_LIMITS,
  INVOICE_MESSAGES,
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_MODES,
  PAYMENT_STATES,
  UTR_PATTERN,
  gstState,
  isValidGstin,
  normalisePaymentReference,
} from './payments-rules';

// D31 payments: the staff's bodies and answers, and what the trip page shows.

/** Rupees more than zero, at most two decimals. */
const positiveRupees = moneySchema('Amount').pipe(z.number().positive({ error: PAYMENT_MESSAGES.amountPositive }));

/** A Kolkata calendar day, YYYY-MM-DD. */
const dayField = z
  .string({ error: PAYMENT_MESSAGES.dueDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: PAYMENT_MESSAGES.dueDateInvalid })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: PAYMENT_MESSAGES.dueDateInvalid });

const referenceField = oneLineText()
  .transform(normalisePaymentReference)
  .pipe(z.string().max(PAYMENT_LIMITS.reference, { error: PAYMENT_MESSAGES.referenceTooLong }));

/** An instalment as staff see it on the inquiry. */
export const instalmentSchema = z.object({
  _id: idSchema,
  /** 1, 2, … in due order. */
  number: z.number(),
  /** The reference to quote with the payment, and UPI's `tr` (letters, digits and '-'). */
  reference: z.string(),
  amount: z.number(),
  /** What the verified payments cover of it (they fill the instalments in order). */
  paid: z.number(),
  dueDate: z.string(),
  status: z.enum(INSTALMENT_STATUSES),
});
export type Instalment = z.infer<typeof instalmentSchema>;

/** A ledger entry as staff see it. A reversal is an entry of its own naming the one it reverses. */
export const paymentSchema = z.object({
  _id: idSchema,
  kind: z.enum(['payment', 'reversal']),
  state: z.enum(PAYMENT_STATES),
  amount: z.number(),
  /** What the customer reported, when it was a claim (the verified amount may differ). */
  claimedAmount: z.number().nullable(),
  mode: z.enum(PAYMENT_MODES).nullable(),
  reference: z.string().nullable(),
  receivedAt: z.string(),
  instalmentId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** For a reversal: the entry it reverses; for a reversed payment: its reversal. */
  reversalOf: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reason: z.string().nullable(),
  recordedBy: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/inquiries/{id}/payments: the schedule and the ledger, with what they add up to. */
export const inquiryPaymentsSchema = z.object({
  total: z.number(),
  /** The verified payments less the reversed ones (the inquiry's `advance`). */
  paid: z.number(),
  /** total − paid (the inquiry's `pendingAmount`). */
  pending: z.number(),
  instalments: z.array(instalmentSchema),
  /** Newest first; null for a Customer, who sees their receipts on the trip page. */
  payments: z.array(paymentSchema).nullable(),
});
export type InquiryPayments = z.infer<typeof inquiryPaymentsSchema>;

/** POST /api/inquiries/{id}/payments: money received another way (or by UPI, seen in the bank), verified at once. */
export const recordPaymentBodySchema = z
  .object({
    amount: positiveRupees,
    mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.modeInvalid }),
    reference: z.preprocess((v) => (v === null || v === '' ? undefined : v), referenceField.optional()),
    receivedAt: z.iso.datetime({ offset: true, error: PAYMENT_MESSAGES.receivedAtInvalid }),
    instalmentId: z.preprocess((v) => (v === null || v === '' ? undefined : v), idSchema.optional()),
  })
  .superRefine((body, ctx) => {
    if (body.mode !== 'cash' && !body.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: PAYMENT_MESSAGES.referenceRequired });
  });
export type RecordPaymentBody = z.output<typeof recordPaymentBodySchema>;

/** POST /api/trips/{token}/instalments/{id}/claim: the 12-digit UTR (spaces as the app shows them are fine). */
export const claimBodySchema = z.object({
  utr: z
    .string({ error: PAYMENT_MESSAGES.utrInvalid })
    .transform((v) => v.replace(/[\s-]+/g, ''))
    .pipe(z.string().regex(UTR_PATTERN, { error: PAYMENT_MESSAGES.utrInvalid })),
});

/** POST /api/payments/{id}/verify: the amount that arrived, when it differs from the claim. */
export const verifyBodySchema = z.object({ amount: positiveRupees.optional() }).default({});

/** POST /api/payments/{id}/reverse. */
export const reverseBodySchema = z.object({
  reason: multiLineText(PAYMENT_MESSAGES.reasonRequired)
    .min(1, { error: PAYMENT_MESSAGES.reasonRequired })
    .max(PAYMENT_LIMITS.reason, { error: PAYMENT_MESSAGES.reasonTooLong }),
});

/** PUT /api/inquiries/{id}/instalments: the whole new schedule, which must sum to the total (checked by the server). */
export const scheduleBodySchema = z.object({
  instalments: z
    .array(z.object({ amount: positiveRupees, dueDate: dayField }))
    .min(1, { error: PAYMENT_MESSAGES.instalmentsRequired })
    .max(PAYMENT_LIMITS.instalments, { error: PAYMENT_MESSAGES.tooManyInstalments }),
});
export type ScheduleBody = z.output<typeof scheduleBodySchema>;

export const paymentActionSchema = z.object({ message: z.string(), payment: paymentSchema });
export const paymentIdParamsSchema = z.object({ id: idSchema });
export const tripInstalmentParamsSchema = z.object({ token: z.string().min(1).max(200), id: idSchema });
export const tripReceiptParamsSchema = z.object({
  token: z.string().min(1).max(200),
  id: z.string().regex(/^[^/]{1,100}\.pdf$/),
});
export const inquiryInstalmentParamsSchema = z.object({ id: idSchema, instalmentId: idSchema });

// --- the trip page ----------------------------------------------------------------------------------------------

/** An instalment as the customer sees it: how to pay it while unpaid. */
const tripInstalmentSchema = z.object({
  _id: idSchema,
  number: z.number(),
  reference: z.string(),
  amount: z.number(),
  dueDate: z.string(),
  status: z.enum(INSTALMENT_STATUSES),
  /** D31's `upi://pay?…` for what is left to pay, when the agency has a UPI id and the instalment is unpaid. */
  upiUri: z.string().nullable(),
});

/** How to pay without UPI: the agency's bank (SITE_BANK_*), else its phone. */
const tripPayToSchema = z.object({
  upiId: z.string().nullable(),
  bank: z
    .object({
      name: z.string(),
      accountName: z.string(),
      account: z.string(),
      ifsc: z.string(),
      branch: z.string().nullable(),
    })
    .nullable(),
  phone: z.string(),
});

const tripReceiptSchema = z.object({
  _id: idSchema,
  number: z.string(),
  amount: z.number(),
  mode: z.enum(PAYMENT_MODES),
  receivedAt: z.string(),
  /** A reversed payment's receipt stays: it is marked so. */
  reversed: z.boolean(),
});

/** The trip page's payments: the schedule, how to pay, and the receipts. */
export const tripPaymentsSchema = z.object({
  total: z.number(),
  paid: z.number(),
  pending: z.number(),
  instalments: z.array(tripInstalmentSchema),
  payTo: tripPayToSchema,
  receipts: z.array(tripReceiptSchema),
});
export type TripPayments = z.infer<typeof tripPaymentsSchema>;
export type TripInstalment = z.infer<typeof tripInstalmentSchema>;

export const claimAnswerSchema = z.object({ message: z.string(), instalment: tripInstalmentSchema });

/** GET /api/dashboard/payments: instalments due within PAYMENT_LIMITS.dueSoonDays and those overdue. */
const dashboardInstalmentSchema = z.object({
  inquiryId: idSchema,
  customerName: z.string(),
  destination: z.string(),
  reference: z.string(),
  /** What is left to pay of it. */
  amount: z.number(),
  dueDate: z.string(),
  status: z.enum(INSTALMENT_STATUSES),
});
export const dashboardPaymentsSchema = z.object({
  dueThisWeek: z.array(dashboardInstalmentSchema),
  overdue: z.array(dashboardInstalmentSchema),
  dueThisWeekTotal: z.number(),
  overdueTotal: z.number(),
});
export type DashboardPayments = z.infer<typeof dashboardPaymentsSchema>;
export type DashboardInstalment = z.infer<typeof dashboardInstalmentSchema>;

/** GET /api/reports/payments?from&to (the Owner): money received from the ledger, and what is outstanding now. */
export const paymentReportSchema = z.object({
  /** Verified payments received in the period, reversed ones left out. */
  received: z.number(),
  /** Months (YYYY-MM, Asia/Kolkata) of the period that had money in, oldest first. */
  byMonth: z.array(z.object({ month: z.string(), amount: z.number(), count: z.number() })),
  byMode: z.array(z.object({ mode: z.enum(PAYMENT_MODES), amount: z.number(), count: z.number() })),
  /** Today: the scheduled money not yet covered by verified payments, over every inquiry with a schedule. */
  outstanding: z.number(),
  outstandingInquiries: z.number(),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

// D32's tax invoices and credit notes: the bodies staff send, the answers they get, and the papers the trip page
// lists.
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
