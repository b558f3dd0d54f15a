// D33 booking requests: the staff's answers, the supplier link's public answer (no price, margin or other booking),
// and the bodies of a confirmation or a decline.
import { z } from 'zod';
import { idSchema, oneLineText, optionalText } from './common';
import { BOOKING_LIMITS, BOOKING_MESSAGES, BOOKING_STATUSES } from './booking-rules';
import { QUOTE_LINE_KINDS, SUPPLIER_KINDS } from './quotes-rules';

const bookingLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  description: z.string(),
  quantity: z.number(),
});

/** A booking as staff see it: the supplier, what it must provide, its cost (rupees) and its answer. */
const bookingSchema = z.object({
  _id: idSchema,
  supplier: z.object({
    _id: idSchema,
    kind: z.enum(SUPPLIER_KINDS),
    name: z.string(),
    city: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  status: z.enum(BOOKING_STATUSES),
  lines: z.array(bookingLineSchema),
  cost: z.number(),
  confirmationNumber: z.string().nullable(),
  declineReason: z.string().nullable(),
  requestedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** 'supplier' through the link, or the staff member's name who recorded it. */
  answeredBy: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** GET and POST /api/inquiries/{id}/bookings. */
export const bookingListSchema = z.object({
  bookings: z.array(bookingSchema),
  allConfirmed: z.boolean(),
  /** The links of the requests this call sent (each token is shown only here). */
  sent: z.array(
    z.object({
      bookingId: idSchema,
      url: z.string(),
      whatsappUrl: z.string().nullable(),
      /** Whether the request was mailed (the supplier has an e-mail address). */
      mailed: z.boolean(),
    }),
  ),
});
export type BookingList = z.infer<typeof bookingListSchema>;

const confirmationNumberSchema = oneLineText(BOOKING_MESSAGES.confirmationRequired)
  .min(1, { error: BOOKING_MESSAGES.confirmationRequired })
  .max(BOOKING_LIMITS.confirmationNumber, { error: `Must be at most ${BOOKING_LIMITS.confirmationNumber} characters` });

/** POST /api/bookings/{id}/confirm: staff record a confirmation taken by phone. */
export const bookingConfirmBodySchema = z.object({ confirmationNumber: confirmationNumberSchema });

export const supplierLinkParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** POST /api/supplier-links/{token}. */
export const supplierLinkAnswerBodySchema = z
  .object({
    action: z.enum(['confirm', 'decline'], { error: BOOKING_MESSAGES.actionInvalid }),
    confirmationNumber: optionalText(BOOKING_LIMITS.confirmationNumber),
    reason: optionalText(BOOKING_LIMITS.reason, { multiLine: true }),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'confirm' && b.confirmationNumber === '')
      ctx.addIssue({ code: 'custom', path: ['confirmationNumber'], message: BOOKING_MESSAGES.confirmationRequired });
    if (b.action === 'decline' && b.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: BOOKING_MESSAGES.reasonRequired });
  });
export type SupplierLinkAnswer = z.output<typeof supplierLinkAnswerBodySchema>;

/** GET /api/supplier-links/{token}: the request as its supplier sees it — what to provide, never a price. */
export const supplierRequestSchema = z.object({
  agency: z.object({ name: z.string(), phone: z.string() }),
  /** The supplier the request is addressed to. */
  addressedTo: z.string(),
  travellerName: z.string(),
  adults: z.number(),
  kids: z.number(),
  travelDate: z.string().nullable(),
  tourDuration: z.string(),
  lines: z.array(bookingLineSchema),
  status: z.enum(BOOKING_STATUSES),
  confirmationNumber: z.string().nullable(),
});
export type SupplierRequest = z.infer<typeof supplierRequestSchema>;

export const supplierLinkAnswerSchema = z.object({ message: z.string(), request: supplierRequestSchema });
