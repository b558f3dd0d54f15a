// D30 quotations: the staff's version body, the staff's answers, and the trip link's public answer (which never
// carries a cost, a margin, a supplier or a staff e-mail) with the papers and bookings it lists. Money is rupees
// here, paise inside the server.
import { z } from 'zod';
import { idSchema, moneySchema, multiLineText, optionalText, requiredNumber, requiredText } from './common';
import { TRIP_PAPER_KINDS } from './payments-rules';
import { QUOTE_LIMITS, QUOTE_LINE_KINDS, QUOTE_MESSAGES, QUOTE_VERSION_STATUSES, SUPPLIER_KINDS } from './quotes-rules';
import { tripPaymentsSchema } from './payments';
import { siteSettingsSchema } from './site';

// D32's papers and issue 53's bookings as the trip page lists them.

/** A paper on the trip page: what it is, its number, date and amount, never a cost. */
export const tripPaperSchema = z.object({
  kind: z.enum(TRIP_PAPER_KINDS),
  id: idSchema,
  number: z.string(),
  title: z.string(),
  issuedAt: z.string(),
  total: z.number(),
});
export type TripPaper = z.infer<typeof tripPaperSchema>;

/**
 * Issue 53: a confirmed booking as the trip page shows it: who provides what, its confirmation number and its
 * voucher (hotels and cabs). Never a cost, a margin or another booking's answer; keys avoid the agency's words.
 */
export const tripBookingSchema = z.object({
  _id: idSchema,
  kind: z.enum(SUPPLIER_KINDS),
  /** The hotel's or operator's name, and its city. */
  name: z.string(),
  city: z.string(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number() })),
  confirmationNumber: z.string(),
  /** The voucher's file name (`…/vouchers/{_id}.pdf` serves it); null for a kind without one. */
  voucher: z.string().nullable(),
});
export type TripBooking = z.infer<typeof tripBookingSchema>;

// The staff's version body and answers, and the trip link's public answer.
const rupeesPerUnit = (label: string) =>
  moneySchema(label).pipe(z.number().max(QUOTE_LIMITS.unitRupees, { error: QUOTE_MESSAGES.unitTooLarge }));

const quoteDaySchema = z.object({
  title: requiredText(QUOTE_MESSAGES.dayTitleRequired, QUOTE_LIMITS.dayTitle),
  text: optionalText(QUOTE_LIMITS.dayText, { multiLine: true }),
});
export type QuoteDay = z.output<typeof quoteDaySchema>;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const quoteLineBodySchema = z
  .object({
    kind: z.enum(QUOTE_LINE_KINDS, { error: QUOTE_MESSAGES.kindInvalid }),
    description: requiredText(QUOTE_MESSAGES.descriptionRequired, QUOTE_LIMITS.description),
    /** D33: the supplier the line is bought from: an active one of the directory (the server checks it). */
    supplierId: z.preprocess(blankToNull, idSchema.nullable()).optional(),
    quantity: requiredNumber(QUOTE_MESSAGES.quantityInvalid).pipe(
      z
        .number()
        .int({ error: QUOTE_MESSAGES.quantityInvalid })
        .min(1, { error: QUOTE_MESSAGES.quantityInvalid })
        .max(QUOTE_LIMITS.quantity, { error: QUOTE_MESSAGES.quantityInvalid }),
    ),
    unitCost: rupeesPerUnit('Unit cost'),
    unitPrice: z.preprocess(blankToNull, rupeesPerUnit('Unit price').nullable()).optional(),
    markupPercent: z
      .preprocess(
        blankToNull,
        requiredNumber(QUOTE_MESSAGES.markupInvalid)
          .pipe(
            z
              .number()
              .min(0, { error: QUOTE_MESSAGES.markupInvalid })
              .max(QUOTE_LIMITS.markupPercent, { error: QUOTE_MESSAGES.markupInvalid }),
          )
          .transform((v) => Math.round(v * 100) / 100)
          .nullable(),
      )
      .optional(),
  })
  .superRefine((line, ctx) => {
    const hasPrice = line.unitPrice !== undefined && line.unitPrice !== null;
    const hasMarkup = line.markupPercent !== undefined && line.markupPercent !== null;
    if (hasPrice === hasMarkup)
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: QUOTE_MESSAGES.priceOrMarkup });
  });

const listItems = z
  .array(requiredText('An item cannot be empty', QUOTE_LIMITS.listItem))
  .max(QUOTE_LIMITS.listItems, { error: QUOTE_MESSAGES.tooManyItems });

/** A Kolkata calendar day, YYYY-MM-DD. */
const quoteDateSchema = z
  .string({ error: QUOTE_MESSAGES.validUntilInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: QUOTE_MESSAGES.validUntilInvalid })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: QUOTE_MESSAGES.validUntilInvalid });

/**
 * PUT /api/quotes/{quoteId}: the version as the builder holds it. Absent fields keep the current version's value,
 * so a new version starts as a copy of the sent one.
 */
export const quoteVersionBodySchema = z.object({
  days: z.array(quoteDaySchema).max(QUOTE_LIMITS.days, { error: QUOTE_MESSAGES.tooManyDays }).optional(),
  lines: z.array(quoteLineBodySchema).max(QUOTE_LIMITS.lines, { error: QUOTE_MESSAGES.tooManyLines }).optional(),
  validUntil: quoteDateSchema.optional(),
  notes: optionalText(QUOTE_LIMITS.notes, { multiLine: true }).optional(),
  inclusions: listItems.optional(),
  exclusions: listItems.optional(),
});
export type QuoteVersionData = z.output<typeof quoteVersionBodySchema>;

const statusSchema = z.enum(QUOTE_VERSION_STATUSES);

/** A line as staff see it: cost and price, per unit and for the quantity (rupees). */
const quoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  description: z.string(),
  supplierId: z.string().nullable(),
  quantity: z.number(),
  unitCost: z.number(),
  unitPrice: z.number(),
  markupPercent: z.number().nullable(),
  cost: z.number(),
  price: z.number(),
});

const quoteTotalsSchema = z.object({
  cost: z.number(),
  price: z.number(),
  margin: z.number(),
  gstPercent: z.number(),
  gst: z.number(),
  total: z.number(),
  travellers: z.number(),
  perTraveller: z.number(),
});

const quoteVersionSchema = z.object({
  _id: idSchema,
  number: z.number(),
  status: statusSchema,
  days: z.array(z.object({ title: z.string(), text: z.string() })),
  lines: z.array(quoteLineSchema),
  totals: quoteTotalsSchema,
  validUntil: z.string(),
  notes: z.string(),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  sentBy: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  acceptedAt: z.string().nullable(),
  acceptedName: z.string().nullable(),
  acceptedIp: z.string().nullable(),
  acceptedUserAgent: z.string().nullable(),
  /** How often the trip link was opened while it showed this version, and when last (issue 51). */
  views: z.number(),
  lastViewedAt: z.string().nullable(),
});
export type QuoteVersion = z.infer<typeof quoteVersionSchema>;

/** An inquiry's quotation with its versions, newest first. */
export const quoteSchema = z.object({
  _id: idSchema,
  inquiryId: idSchema,
  createdAt: z.string(),
  versions: z.array(quoteVersionSchema),
  /** The trip link: whether one exists, how often it was opened and when last. */
  tripLink: z
    .object({
      createdAt: z.string(),
      rotatedAt: z.string().nullable(),
      views: z.number(),
      lastViewedAt: z.string().nullable(),
    })
    .nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = z.array(quoteSchema);

/**
 * Issue 51, in each row of the back office's inquiry list: the version the trip link shows (the accepted one, else
 * the sent one) and how often the customer opened it; null while nothing was sent.
 */
export const inquiryQuotationSchema = z.object({
  version: z.number(),
  status: z.enum(['sent', 'accepted', 'expired']),
  sentAt: z.string().nullable(),
  views: z.number(),
  lastViewedAt: z.string().nullable(),
});
export type InquiryQuotation = z.infer<typeof inquiryQuotationSchema>;

/** GET /api/dashboard/quote-follow-ups: a sent version waiting on its customer (QUOTE_FOLLOW_UP). */
const quoteFollowUpSchema = z.object({
  inquiryId: idSchema,
  customerName: z.string(),
  destination: z.string(),
  version: z.number(),
  sentAt: z.string(),
  validUntil: z.string(),
  /** Sent at least QUOTE_FOLLOW_UP.notViewedHours ago and not opened since. */
  notViewed: z.boolean(),
  /** Its validUntil is tomorrow in India. */
  expiresTomorrow: z.boolean(),
});
export type QuoteFollowUp = z.infer<typeof quoteFollowUpSchema>;
export const quoteFollowUpListSchema = z.array(quoteFollowUpSchema);

/** POST …/send and POST …/trip-link: the link to share; null when send kept the customer's existing link. */
export const tripUrlSchema = z.object({ url: z.string().nullable(), message: z.string() });
export type TripUrl = z.infer<typeof tripUrlSchema>;

// --- the trip link (public) -----------------------------------------------------------------------------------

export const tripTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** A line as the customer sees it: no cost, no supplier. */
const tripLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  price: z.number(),
});

const tripVersionSchema = z.object({
  number: z.number(),
  status: statusSchema,
  days: z.array(z.object({ title: z.string(), text: z.string() })),
  lines: z.array(tripLineSchema),
  totals: z.object({
    price: z.number(),
    gstPercent: z.number(),
    gst: z.number(),
    total: z.number(),
    travellers: z.number(),
    perTraveller: z.number(),
  }),
  validUntil: z.string(),
  notes: z.string(),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  acceptedName: z.string().nullable(),
});
export type TripVersion = z.infer<typeof tripVersionSchema>;

/** GET /api/trips/{token}. */
export const tripSchema = z.object({
  agency: siteSettingsSchema,
  trip: z.object({
    customerName: z.string(),
    destination: z.string(),
    travelDate: z.string().nullable(),
    tourDuration: z.string(),
    adults: z.number(),
    kids: z.number(),
    handlerName: z.string().nullable(),
  }),
  /** The version to act on: the accepted one, else the latest sent (which may be expired); null before any. */
  current: tripVersionSchema.nullable(),
  /** Earlier sent versions, newest first, to compare. */
  earlier: z.array(tripVersionSchema),
  terms: z.object({ advancePercent: z.number(), balanceHoursBefore: z.number(), text: z.array(z.string()) }),
  /** D31: the schedule, how to pay and the receipts once a version is accepted; null before (the server always sends it). */
  payments: tripPaymentsSchema.nullable().optional(),
  /** D32: the customer's invoices and credit notes, oldest first (the server always sends it). */
  invoices: z.array(tripPaperSchema).optional(),
  /** Issue 53: the confirmed bookings with their vouchers, in the order they were made (the server always sends it). */
  bookings: z.array(tripBookingSchema).optional(),
  /** The agency's number at any hour during the trip (SITE_EMERGENCY_PHONE, else SITE_PHONE). */
  emergencyPhone: z.string().optional(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripAcceptBodySchema = z.object({
  name: requiredText(QUOTE_MESSAGES.acceptNameRequired, QUOTE_LIMITS.acceptName),
  /** Which version the customer looked at; a newer one sent meanwhile answers 409. */
  version: z.number().int().min(1).optional(),
});

export const tripChangesBodySchema = z.object({
  message: multiLineText(QUOTE_MESSAGES.changeRequired)
    .min(1, { error: QUOTE_MESSAGES.changeRequired })
    .max(QUOTE_LIMITS.changeMessage, { error: QUOTE_MESSAGES.changeTooLong }),
});

export const tripActionSchema = z.object({ message: z.string(), version: tripVersionSchema.nullable() });
