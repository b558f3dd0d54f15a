// D33 what the agency owes its suppliers: the arithmetic of a booking's cost and the payments made to its supplier,
// the inquiry's costs once bookings exist, and every message and label of it. Zod-free (payables.ts holds the
// schemas). Money is integer paise here.
import type { BookingStatus } from './booking-rules';
import type { QuoteLineKind } from './quotes-rules';

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
