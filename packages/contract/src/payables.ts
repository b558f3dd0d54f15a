// D33 what the agency owes its suppliers: the bodies of a booking's cost change and of a payment to its supplier,
// the ledger as the bookings panel shows it, and the Owner's "What we owe" answers. Rupees here, paise inside the
// server (payable-rules.ts holds the arithmetic).
import { z } from 'zod';
import { idSchema, moneySchema, multiLineText, oneLineText } from './common';
import { BOOKING_STATUSES } from './booking-rules';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, PAYMENT_MODES, normalisePaymentReference } from './payments-rules';
import { SUPPLIER_PAYMENT_LIMITS, SUPPLIER_PAYMENT_MESSAGES } from './payable-rules';
import { SUPPLIER_KINDS } from './quotes-rules';

const reasonField = (required: string) =>
  multiLineText(required)
    .min(1, { error: required })
    .max(SUPPLIER_PAYMENT_LIMITS.reason, { error: SUPPLIER_PAYMENT_MESSAGES.reasonTooLong });

/** PUT /api/bookings/{id}/cost: the booking's new cost and why. */
export const bookingCostBodySchema = z.object({
  cost: moneySchema('Cost'),
  reason: reasonField(SUPPLIER_PAYMENT_MESSAGES.costReasonRequired),
});

/** POST /api/bookings/{id}/payments: money paid to the booking's supplier. */
export const supplierPaymentBodySchema = z
  .object({
    amount: moneySchema('Amount').pipe(z.number().positive({ error: PAYMENT_MESSAGES.amountPositive })),
    mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.modeInvalid }),
    reference: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      oneLineText()
        .transform(normalisePaymentReference)
        .pipe(z.string().max(PAYMENT_LIMITS.reference, { error: PAYMENT_MESSAGES.referenceTooLong }))
        .optional(),
    ),
    paidAt: z.iso.datetime({ offset: true, error: SUPPLIER_PAYMENT_MESSAGES.paidAtInvalid }),
  })
  .superRefine((body, ctx) => {
    if (body.mode !== 'cash' && !body.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: SUPPLIER_PAYMENT_MESSAGES.referenceRequired });
  });
export type SupplierPaymentBody = z.output<typeof supplierPaymentBodySchema>;

/** POST /api/supplier-payments/{id}/reverse. */
export const supplierReverseBodySchema = z.object({
  reason: reasonField(SUPPLIER_PAYMENT_MESSAGES.reversalReasonRequired),
});

/** A ledger entry: a payment, or the reversal of one (an entry of its own naming it). */
const supplierPaymentSchema = z.object({
  _id: idSchema,
  kind: z.enum(['payment', 'reversal']),
  /** A payment stands until a reversal names it. */
  reversed: z.boolean(),
  amount: z.number(),
  mode: z.enum(PAYMENT_MODES).nullable(),
  reference: z.string().nullable(),
  paidAt: z.string(),
  reversalOf: z.string().nullable(),
  reason: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type SupplierPayment = z.infer<typeof supplierPaymentSchema>;

const figures = { owed: z.number(), paid: z.number(), due: z.number() };

/** One booking's money: its cost (and what its lines cost), what it stands at, and its ledger, newest first. */
const bookingMoneySchema = z.object({
  bookingId: idSchema,
  status: z.enum(BOOKING_STATUSES),
  cost: z.number(),
  linesCost: z.number(),
  ...figures,
  payments: z.array(supplierPaymentSchema),
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

/** GET /api/inquiries/{id}/supplier-payments (the back office). */
export const inquirySupplierPaymentsSchema = z.object({ bookings: z.array(bookingMoneySchema) });
export type InquirySupplierPayments = z.infer<typeof inquirySupplierPaymentsSchema>;

const payableSupplierSchema = z.object({
  _id: idSchema,
  kind: z.enum(SUPPLIER_KINDS),
  name: z.string(),
  city: z.string(),
});

/** GET /api/payables (the Owner): every supplier with a booking, most due first. */
export const payablesSchema = z.object({
  totals: z.object(figures),
  suppliers: z.array(
    z.object({
      supplier: payableSupplierSchema,
      ...figures,
      bookings: z.number(),
      /** The earliest travel date of its bookings still due (YYYY-MM-DD), when one has a date. */
      nextTravelDate: z.string().nullable(),
    }),
  ),
});
export type Payables = z.infer<typeof payablesSchema>;

/** GET /api/payables/{supplierId} (the Owner): the bookings behind a supplier's figures, by travel date. */
export const supplierPayablesSchema = z.object({
  supplier: payableSupplierSchema,
  ...figures,
  bookings: z.array(
    bookingMoneySchema.extend({
      inquiryId: idSchema,
      customerName: z.string(),
      location: z.string(),
      travelDate: z.string().nullable(),
      confirmationNumber: z.string().nullable(),
    }),
  ),
});
export type SupplierPayables = z.infer<typeof supplierPayablesSchema>;

export const supplierPaymentActionSchema = z.object({ message: z.string(), booking: bookingMoneySchema });
