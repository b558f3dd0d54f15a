// D33 suppliers: the directory (kinds' labels, limits, messages, schemas), the booking requests' answers and
// bodies, and what the agency owes its suppliers (the arithmetic in paise, the schemas in rupees).
import { z } from 'zod';
import { QUOTE_LINE_KINDS, SUPPLIER_KINDS, type QuoteLineKind, type SupplierKind } from './quotes-rules';
import {
  emailSchema,
  idSchema,
  moneySchema,
  multiLineText,
  oneLineText,
  optionalText,
  pagingQuerySchema,
  requiredText,
  searchText,
} from './common';
import { customerCallLink } from './inquiries';
import { BOOKING_LIMITS, BOOKING_MESSAGES, BOOKING_STATUSES, type BookingStatus } from './suppliers-rules';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, PAYMENT_MODES, normalisePaymentReference } from './payments-rules';

// D33 the supplier directory: the kinds' labels, limits and messages.
export const SUPPLIER_KIND_LABELS: Record<SupplierKind, string> = {
  hotel: 'Hotel',
  cab: 'Cab',
  guide: 'Guide',
  activity: 'Activity',
  other: 'Other',
};

export const SUPPLIER_LIMITS = {
  name: 120,
  city: 80,
  contactPerson: 100,
  /** Printed on the supplier's vouchers (issue 53): street, area, city and PIN. */
  address: 300,
  phone: 30,
  notes: 2_000,
  search: 100,
  /** How many suppliers the builder's supplier field offers as one types. */
  suggestions: 8,
} as const;

export const SUPPLIER_MESSAGES = {
  notFound: 'Supplier not found',
  kindInvalid: `Kind must be one of: ${SUPPLIER_KINDS.join(', ')}`,
  nameRequired: 'Name is required',
  cityRequired: 'City is required',
  phoneInvalid: 'Enter the phone/WhatsApp number with its country code (+91 …) or as a 10-digit Indian mobile',
  emailInvalid: 'Enter a valid e-mail address',
  contactRequired: 'Give a phone/WhatsApp number or an e-mail, so the supplier can be reached',
  duplicate: 'A supplier of this kind with this name already exists in this city',
  activeInvalid: 'active must be true or false',
  kindFilterInvalid: `kind must be one of: ${SUPPLIER_KINDS.join(', ')}`,
  // The back office's directory (apps/web/src/features/suppliers)
  title: 'Suppliers',
  intro:
    'Hotels, cab operators, guides and activities the agency books. A supplier named on a quotation is deactivated, never deleted.',
  add: 'Add supplier',
  edit: 'Edit',
  save: 'Save supplier',
  saving: 'Saving…',
  cancel: 'Cancel',
  created: 'Supplier added',
  saved: 'Supplier saved',
  saveFailed: 'Failed to save the supplier',
  loadFailed: 'Failed to load the suppliers',
  loading: 'Loading suppliers…',
  none: 'No supplier yet. Add the hotels and cab operators you book most.',
  noMatch: 'No supplier matches these filters.',
  search: 'Name, contact, phone or e-mail',
  anyKind: 'Every kind',
  cityFilter: 'City',
  showInactive: 'Show inactive',
  active: 'Active',
  inactive: 'Inactive',
  activate: 'Activate',
  deactivate: 'Deactivate',
  activated: 'Supplier activated',
  deactivated: 'Supplier deactivated: it is no longer offered on new quotation lines.',
  // The quotation builder's supplier field
  field: 'Supplier',
  fieldHint: 'Type a name from the directory',
  fieldNoMatch: 'No active supplier has this name',
  /** The unit cost the builder filled in from the last sent line with that supplier. */
  lastRate: (amount: string, sentOn: string) => `Last rate with this supplier: ${amount} (sent ${sentOn})`,
} as const;

// D33 the supplier directory: the create/edit body, the answer, the list's parameters and a supplier's last rate.

/** The pattern an inquiry's WhatsApp number follows (inquiries.ts), plus a country the wa.me link can use. */
const PHONE_PATTERN = /^[+\d][\d\s()-]{4,29}$/;
const phoneSchema = optionalText(SUPPLIER_LIMITS.phone).refine(
  (v) => v === '' || (PHONE_PATTERN.test(v) && customerCallLink(v) !== undefined),
  { error: SUPPLIER_MESSAGES.phoneInvalid },
);
const optionalEmailSchema = optionalText(254)
  .refine((v) => v === '' || emailSchema(SUPPLIER_MESSAGES.emailInvalid).safeParse(v).success, {
    error: SUPPLIER_MESSAGES.emailInvalid,
  })
  .transform((v) => v.toLowerCase());

const activeSchema = z.boolean({ error: SUPPLIER_MESSAGES.activeInvalid });

/** POST /api/suppliers and PUT /api/suppliers/{id}: the whole supplier (a PUT replaces every field). */
export const supplierBodySchema = z
  .object({
    kind: z.enum(SUPPLIER_KINDS, { error: SUPPLIER_MESSAGES.kindInvalid }),
    name: requiredText(SUPPLIER_MESSAGES.nameRequired, SUPPLIER_LIMITS.name),
    city: requiredText(SUPPLIER_MESSAGES.cityRequired, SUPPLIER_LIMITS.city),
    contactPerson: optionalText(SUPPLIER_LIMITS.contactPerson),
    address: optionalText(SUPPLIER_LIMITS.address, { multiLine: true }),
    phone: phoneSchema,
    email: optionalEmailSchema,
    notes: optionalText(SUPPLIER_LIMITS.notes, { multiLine: true }),
    active: activeSchema.default(true),
  })
  .superRefine((s, ctx) => {
    if (s.phone === '' && s.email === '') {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: SUPPLIER_MESSAGES.contactRequired });
    }
  });
export type SupplierBody = z.output<typeof supplierBodySchema>;
export type SupplierFormValues = z.input<typeof supplierBodySchema>;

export const supplierSchema = z.object({
  _id: idSchema,
  kind: z.enum(SUPPLIER_KINDS),
  name: z.string(),
  city: z.string(),
  contactPerson: z.string(),
  /** '' when none; printed on vouchers. */
  address: z.string(),
  /** '' when none. */
  phone: z.string(),
  /** '' when none. */
  email: z.string(),
  notes: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.array(supplierSchema);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** D10 list parameters of GET /api/suppliers: a search, a kind, a city (whole, any case) and active or not. */
export const supplierListQuerySchema = pagingQuerySchema.extend({
  q: searchText(SUPPLIER_LIMITS.search).optional(),
  kind: z.preprocess(
    blankToUndefined,
    z.enum(SUPPLIER_KINDS, { error: SUPPLIER_MESSAGES.kindFilterInvalid }).optional(),
  ),
  city: z.preprocess(blankToUndefined, searchText(SUPPLIER_LIMITS.city).optional()),
  active: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: SUPPLIER_MESSAGES.activeInvalid })
      .transform((v) => v === 'true')
      .optional(),
  ),
});
export type SupplierListParams = z.output<typeof supplierListQuerySchema>;

/** GET /api/suppliers/{id}/last-rate?kind=: the line kind (D30) the rate is asked for. */
export const supplierRateQuerySchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS, { error: `kind must be one of: ${QUOTE_LINE_KINDS.join(', ')}` }),
});

/** The unit cost (rupees) of the newest sent quotation line of that kind with the supplier; nulls when none. */
export const supplierRateSchema = z.object({
  unitCost: z.number().nullable(),
  description: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type SupplierRate = z.infer<typeof supplierRateSchema>;

// D33 booking requests: the staff's answers, the supplier link's public answer (no price, margin or other booking),
// and the bodies of a confirmation or a decline.
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

// D33 what the agency owes its suppliers: the arithmetic of a booking's cost and the payments made to its supplier,
// the inquiry's costs once bookings exist, and every message and label of it. Money is integer paise here.
export const SUPPLIER_PAYMENT_LIMITS = {
  reason: 500,
  /** A payment's date may lie at most this many days ahead (a cheque dated tomorrow), as D31's. */
  paidAheadDays: 1,
} as const;

/**
 * What a booking stands at: `owed` is its cost once the supplier confirmed it (nothing before, nothing once declined);
 * `paid` the payments made to its supplier for it less the reversed ones; `due` = owed − paid (negative: paid ahead,
 * as an advance to secure a booking still waiting, or money to get back from a supplier who declined).
 */
export interface PayableFigures {
  owedPaise: number;
  paidPaise: number;
  duePaise: number;
}

export function bookingPayable(b: { status: BookingStatus; costPaise: number; paidPaise: number }): PayableFigures {
  const owedPaise = b.status === 'confirmed' ? b.costPaise : 0;
  return { owedPaise, paidPaise: b.paidPaise, duePaise: owedPaise - b.paidPaise };
}

/** A supplier's figures: the sums of its bookings'. */
export function sumPayables(items: readonly PayableFigures[]): PayableFigures {
  return items.reduce(
    (t, f) => ({
      owedPaise: t.owedPaise + f.owedPaise,
      paidPaise: t.paidPaise + f.paidPaise,
      duePaise: t.duePaise + f.duePaise,
    }),
    { owedPaise: 0, paidPaise: 0, duePaise: 0 },
  );
}

/** One line of the accepted version, as the booked costs read it. */
export interface CostedLine {
  kind: QuoteLineKind;
  supplierId?: string | null | undefined;
  quantity: number;
  unitCostPaise: number;
}

/** A booking of the accepted version: its supplier, answer and (possibly changed) cost. */
export interface CostedBooking {
  supplierId: string;
  status: BookingStatus;
  costPaise: number;
}

/**
 * D33 "the inquiry's profit uses the booked costs": the inquiry's hotel cost and cab cost (D30: every line that is
 * not a hotel counts with the cab) from the accepted version's lines, where each supplier's lines with a booking
 * that is not declined count at that booking's cost instead of their own. That cost is split between hotel and the
 * rest as its lines' costs are (hotel share rounded down, so the two add up to it); lines costing nothing put it all
 * on the kind of the supplier's first line. A declined booking's lines count at their own cost again: the service is
 * still to be bought. Profit stays D7's revenue − hotel − cab.
 */
export function bookedCosts(
  lines: readonly CostedLine[],
  bookings: readonly CostedBooking[],
): { hotelCostPaise: number; cabCostPaise: number } {
  const live = new Map(bookings.filter((b) => b.status !== 'declined').map((b) => [b.supplierId, b.costPaise]));
  let hotel = 0;
  let rest = 0;
  const bySupplier = new Map<string, CostedLine[]>();
  for (const l of lines) {
    if (l.supplierId && live.has(l.supplierId)) {
      bySupplier.set(l.supplierId, [...(bySupplier.get(l.supplierId) ?? []), l]);
    } else if (l.kind === 'hotel') hotel += l.quantity * l.unitCostPaise;
    else rest += l.quantity * l.unitCostPaise;
  }
  for (const [supplierId, own] of bySupplier) {
    const cost = live.get(supplierId)!;
    const all = own.reduce((s, l) => s + l.quantity * l.unitCostPaise, 0);
    const hotelPart = own.filter((l) => l.kind === 'hotel').reduce((s, l) => s + l.quantity * l.unitCostPaise, 0);
    // BigInt keeps cost × share exact past 2^53.
    const share =
      all === 0
        ? own[0]!.kind === 'hotel'
          ? cost
          : 0
        : Number((BigInt(Math.round(cost)) * BigInt(Math.round(hotelPart))) / BigInt(Math.round(all)));
    hotel += share;
    rest += cost - share;
  }
  return { hotelCostPaise: Math.round(hotel), cabCostPaise: Math.round(rest) };
}

export const SUPPLIER_PAYMENT_MESSAGES = {
  costReasonRequired: 'Please say why the cost changes',
  reasonTooLong: `Please keep the reason under ${SUPPLIER_PAYMENT_LIMITS.reason} characters`,
  costNegative: 'The cost cannot be below zero',
  costUnchanged: 'The booking already has this cost. Nothing was changed.',
  declined: 'This booking was declined: nothing is owed for it, so its cost and payments stay as they are.',
  overpaid: (left: string) => `That is more than is left to pay on this booking (${left}). Nothing was recorded.`,
  paidAtInvalid: 'Paid on must be a date and time',
  paidAtFuture: 'Paid on cannot be in the future',
  referenceRequired: 'A UPI, bank, card or cheque payment needs its reference',
  duplicateReference: 'This reference has already been used for another supplier payment. Please check it.',
  notFound: 'Supplier payment not found',
  supplierNotFound: 'Supplier not found',
  alreadyReversed: 'This payment has already been reversed.',
  reversalOfReversal: 'A reversal cannot itself be reversed: record the payment again instead.',
  reversalReasonRequired: 'Please give the reason for the reversal',
  costChanged: 'Booking cost changed',
  recorded: 'Supplier payment recorded',
  reversed: 'Supplier payment reversed',
  costsDerived:
    'Hotel and cab cost come from the bookings once they exist: change a booking’s cost (with its reason) instead.',
} as const;

/** The timeline's lines (staff only) of a booking's money. */
export const supplierPaymentEventText = {
  costChanged: (supplier: string, from: string, to: string, reason: string) =>
    `Cost of the booking with ${supplier} changed from ${from} to ${to}: ${reason}`,
  paid: (supplier: string, amount: string, mode: string, reference: string | null) =>
    `Paid ${amount} to ${supplier} by ${mode}${reference ? ` (ref. ${reference})` : ''}`,
  reversed: (supplier: string, amount: string, reason: string) =>
    `Payment of ${amount} to ${supplier} reversed: ${reason}`,
} as const;

/** The words of the bookings panel's money and of the Owner's "What we owe" page. */
export const PAYABLE_TEXT = {
  title: 'What we owe',
  description: 'Per supplier: what confirmed bookings cost, what was paid and what is still due.',
  supplier: 'Supplier',
  owed: 'Owed',
  paid: 'Paid',
  due: 'Due',
  bookingCount: (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`,
  paidAhead: (amount: string) => `${amount} paid ahead`,
  none: 'No booking has been made with a supplier yet.',
  loadFailed: 'What we owe could not be loaded. Please try again.',
  back: 'All suppliers',
  nextTrip: (day: string) => `next trip ${day}`,
  travelDate: 'Travel date',
  inquiry: 'Inquiry',
  noBookings: 'No booking with this supplier yet.',
  // The bookings panel
  moneyToggle: 'Cost and payments',
  moneyHide: 'Hide cost and payments',
  cost: 'Cost',
  costFromLines: (amount: string) => `From the lines: ${amount}`,
  changeCost: 'Change cost',
  newCost: 'New cost (₹)',
  costReason: 'Why it changes',
  saveCost: 'Save cost',
  costFailed: 'The cost could not be changed. Please try again.',
  payments: 'Payments to the supplier',
  noPayments: 'Nothing paid yet.',
  record: 'Record a payment',
  amount: 'Amount (₹)',
  mode: 'Mode',
  reference: 'Reference (UTR, cheque or bank reference)',
  paidOn: 'Paid on',
  save: 'Save payment',
  recordFailed: 'The payment could not be recorded. Please try again.',
  reverse: 'Reverse',
  reverseReason: 'Reason for the reversal',
  confirmReverse: 'Reverse payment',
  reverseFailed: 'The payment could not be reversed. Please try again.',
  reversedBecause: (reason: string) => `Reversed: ${reason}`,
  by: (name: string) => `by ${name}`,
  cancel: 'Cancel',
  figures: (owed: string, paid: string, due: string) => `Owed ${owed} · paid ${paid} · due ${due}`,
} as const;

// D33 what the agency owes its suppliers: the bodies of a booking's cost change and of a payment to its supplier,
// the ledger as the bookings panel shows it, and the Owner's "What we owe" answers. Rupees here, paise inside the
// server (the arithmetic above).
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
