// D31 payments: instalment and payment states, modes, limits, every user-facing message and label, the UPI
// payment URI, and the pure schedule and status rules both sides share. Zod-free, so the public trip page can
// import it without the schema library (payments.ts holds the schemas). Money is integer paise here.
import { kolkataDate, kolkataDayStart } from './kolkata-time';
import { QUOTATION_ADVANCE_SHARE, QUOTATION_BALANCE_HOURS } from './quotation-rules';

/** How an instalment stands: paid once the verified money reaches it; claimed while a customer's claim waits. */
export const INSTALMENT_STATUSES = ['due', 'claimed', 'paid', 'overdue'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export const PAYMENT_MODES = ['upi', 'cash', 'bank', 'card', 'cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * A ledger entry's state: a customer's claim waits to be verified; a verified payment counts; a reversed one (a
 * claim refused or a payment undone, by a later reversal entry) no longer does. Only claimed → verified is an
 * update of the entry; a reversal is an entry of its own.
 */
export const PAYMENT_STATES = ['claimed', 'verified', 'reversed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The advance's share of the total when the server's PAYMENT_ADVANCE_PERCENT is not set (spec §9). */
export const PAYMENT_ADVANCE_PERCENT = QUOTATION_ADVANCE_SHARE * 100;
/** The balance falls due this many hours before the travel date starts (spec §9). */
export const PAYMENT_BALANCE_HOURS = QUOTATION_BALANCE_HOURS;

export const PAYMENT_LIMITS = {
  /** A schedule holds at most this many instalments. */
  instalments: 12,
  /** A payment's reference (UTR, cheque number, bank reference) after spaces are removed. */
  reference: 40,
  reason: 500,
  /** A recorded payment's date may lie at most this many days ahead (a cheque dated tomorrow). */
  receivedAheadDays: 1,
  /** UPI's `tn` note: 50 characters is what UPI apps are said to show. */
  upiNote: 50,
  /** D31's reminders: days before the due date, on it, and after it. */
  reminderDaysBefore: 3,
  reminderDaysAfter: 1,
  /** Dashboards: payments due within this many days count as "due this week". */
  dueSoonDays: 7,
  /** At most this many instalments in one dashboard answer, the most urgent first. */
  dashboardLimit: 50,
} as const;

/** [max, window] per client address for the trip link's claim (before the server's RATE_LIMIT_FACTOR). */
export const PAYMENT_TRIP_LIMITS = {
  claimPerClient: [5, '10 minutes'],
  receiptPerClient: [20, '1 minute'],
} as const satisfies Record<string, readonly [number, string]>;

/** A UPI transaction reference (UTR) as customers read it in their app: 12 digits (spaces allowed when typed). */
export const UTR_PATTERN = /^\d{12}$/;
/** A UPI id (VPA), `name@handle`: letters, digits, '.', '-' and '_' before the '@', letters after it. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z]{2,64}$/;
/** What a UPI reference (`tr`) may hold: UPI apps refuse '/', '?' and spaces, so letters, digits and '-'. */
export const UPI_REFERENCE_PATTERN = /^[A-Za-z0-9-]{1,35}$/;

/** A reference as stored and compared: spaces gone, upper case ("4132 4442 7799" = "413244427799"). */
export const normalisePaymentReference = (reference: string) => reference.replace(/\s+/g, '').toUpperCase();

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  upi: 'UPI',
  cash: 'Cash',
  bank: 'Bank transfer',
  card: 'Card',
  cheque: 'Cheque',
};

export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  due: 'Due',
  claimed: 'Payment reported',
  paid: 'Paid',
  overdue: 'Overdue',
};

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  claimed: 'To verify',
  verified: 'Verified',
  reversed: 'Reversed',
};

export const PAYMENT_MESSAGES = {
  // Validation
  amountRequired: 'Amount must be a number',
  amountPositive: 'Amount must be more than zero',
  modeInvalid: `Mode must be one of: ${PAYMENT_MODES.join(', ')}`,
  referenceTooLong: `A reference can be at most ${PAYMENT_LIMITS.reference} characters`,
  referenceRequired: 'A UPI, bank, card or cheque payment needs its reference',
  receivedAtInvalid: 'Received at must be a date and time',
  receivedAtFuture: 'Received at cannot be in the future',
  utrInvalid: 'The UPI reference (UTR) is the 12-digit number your UPI app shows for the payment',
  reasonRequired: 'Please give the reason for the reversal',
  reasonTooLong: `Please keep the reason under ${PAYMENT_LIMITS.reason} characters`,
  dueDateInvalid: 'Due date must be a date (YYYY-MM-DD)',
  instalmentsRequired: 'Give at least one instalment',
  tooManyInstalments: `At most ${PAYMENT_LIMITS.instalments} instalments`,
  scheduleSum: (sum: string, total: string) =>
    `The instalments add up to ${sum}, but the total is ${total}: they must add up to the total.`,
  // Rules
  notFound: 'Payment not found',
  instalmentNotFound: 'Instalment not found',
  noSchedule: 'There is no payment schedule yet: it is made when the customer accepts a quotation.',
  duplicateReference: 'This reference has already been used for another payment. Please check it.',
  alreadyPaid: 'This instalment is already paid.',
  alreadyClaimed: 'We already have your payment for this instalment and are checking it.',
  notClaimed: 'Only a payment the customer reported can be verified; this one is already verified or reversed.',
  alreadyReversed: 'This payment has already been reversed.',
  reversalOfReversal: 'A reversal cannot itself be reversed: record the payment again instead.',
  paidPartChanged: 'The instalments cannot go below what has been paid: keep the paid amounts and dates.',
  moneyFieldsDerived:
    'Advance and pending amount come from the payments: record, verify or reverse a payment to change them.',
  // Answers
  recorded: 'Payment recorded',
  verified: 'Payment verified',
  reversed: 'Payment reversed',
  scheduleSaved: 'Payment schedule saved',
  claimReceived: 'Thank you! We have your payment reference and will confirm the payment shortly.',
  tooManyRequests: 'Too many requests from this connection. Please wait a little and try again.',
} as const;

/** What the trip page and the back office say around the schedule. */
export const PAYMENT_TEXT = {
  scheduleTitle: 'Payments',
  advance: 'Advance',
  balance: 'Balance',
  instalment: (n: number) => `Instalment ${n}`,
  dueOn: (day: string) => `Due ${day}`,
  payWithUpi: 'Pay with a UPI app',
  scanToPay: 'Scan with any UPI app to pay',
  bankTitle: 'Pay by bank transfer',
  bankName: 'Bank',
  bankAccountName: 'Account name',
  bankAccount: 'Account number',
  bankIfsc: 'IFSC',
  bankBranch: 'Branch',
  byPhone: (phone: string) => `To pay, please call or WhatsApp us on ${phone}.`,
  useReference: (reference: string) => `Please quote ${reference} with your payment.`,
  claimIntro: 'Paid already? Enter the 12-digit UPI reference (UTR) from your UPI app so we can find your payment.',
  claimLabel: 'UPI reference (UTR)',
  receiptsTitle: 'Receipts',
  receipt: (number: string) => `Receipt ${number}`,
  advanceDerived: 'The sum of the verified payments.',
  pendingDerived: 'The total package cost less the verified payments.',
  dueThisWeek: 'Payments due this week',
  overdue: 'Overdue payments',
  noneDue: 'No payment is due this week.',
  noneOverdue: 'No payment is overdue.',
} as const;

/** The lines payments write in the inquiry's timeline (staff-only notes marked PAYMENT_EVENT_FIELD). */
export const PAYMENT_EVENT_FIELD = 'payment';
export const paymentEventText = {
  scheduled: (count: number, total: string) => `Payment schedule made: ${count} instalments, ${total} in all`,
  reshaped: (count: number) => `Payment schedule changed: ${count} instalments`,
  claimed: (reference: string, amount: string, utr: string) =>
    `Customer reported paying ${amount} for ${reference} (UTR ${utr})`,
  recorded: (amount: string, mode: string, receipt: string) =>
    `Payment of ${amount} by ${mode} recorded (receipt ${receipt})`,
  verified: (amount: string, receipt: string) => `Payment of ${amount} verified (receipt ${receipt})`,
  reversed: (amount: string, reason: string) => `Payment of ${amount} reversed: ${reason}`,
} as const;

/** What the mails of payments say (the outbox writes them; notification-mails.ts lays them out). */
export const PAYMENT_MAIL_TEXT = {
  claimSubject: (customer: string) => `${customer} reported a payment`,
  claim: (customer: string, amount: string, reference: string, utr: string) =>
    `${customer} says they paid ${amount} for ${reference} by UPI (UTR ${utr}). Please check it arrived and verify it.`,
  receiptSubject: (site: string, number: string) => `${site}: receipt ${number}`,
  receipt: (amount: string, number: string) =>
    `Thank you for your payment of ${amount}. Your receipt number is ${number}.`,
  reminderSubject: (site: string, amount: string) => `${site}: ${amount} due`,
  reminder: {
    before: (amount: string, day: string) => `A payment of ${amount} for your trip is due on ${day}.`,
    on: (amount: string) => `A payment of ${amount} for your trip is due today.`,
    after: (amount: string, day: string) =>
      `A payment of ${amount} for your trip was due on ${day} and is not yet received.`,
  },
  howToPay: 'You can pay through your trip page, using the link we sent you with your quotation.',
  receiptOnTripPage:
    'The receipt is attached to this mail as a PDF. You can download it again from your trip page, using the link ' +
    'we sent you with your quotation.',
} as const;

export const REMINDER_KINDS = ['before', 'on', 'after'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** An instalment's reference, printed on the trip page and sent as UPI's `tr`: the quotation number and its number. */
export const instalmentReference = (quotationNumber: string, seq: number) => `${quotationNumber}-${seq}`;

export interface UpiPayment {
  /** The payee's UPI id (SITE_UPI_ID). */
  pa: string;
  /** The payee's name (SITE_NAME). */
  pn: string;
  amountPaise: number;
  note: string;
  /** Letters, digits and '-' only (UPI_REFERENCE_PATTERN). */
  reference: string;
}

/** Rupees with exactly two decimals from paise, as UPI's `am` ("1250.50"). */
const upiAmount = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/**
 * D31's one payment URI (NPCI's UPI linking spec): `upi://pay?pa&pn&am&cu=INR&tn&tr`, each value percent-encoded
 * (spaces as %20: some apps show '+' as it is). The QR code and the "Pay with a UPI app" link carry exactly this.
 * Throws on a reference UPI apps would refuse or an amount that is not whole positive paise.
 */
export function upiPayUri(p: UpiPayment): string {
  if (!UPI_REFERENCE_PATTERN.test(p.reference)) throw new Error(`UPI reference not allowed: ${p.reference}`);
  if (!Number.isSafeInteger(p.amountPaise) || p.amountPaise <= 0) throw new Error('UPI amount must be whole paise');
  const e = encodeURIComponent;
  const note = [...p.note].slice(0, PAYMENT_LIMITS.upiNote).join('');
  return `upi://pay?pa=${e(p.pa)}&pn=${e(p.pn)}&am=${upiAmount(p.amountPaise)}&cu=INR&tn=${e(note)}&tr=${e(p.reference)}`;
}

export interface ScheduledInstalment {
  amountPaise: number;
  /** A Kolkata day, YYYY-MM-DD: the instalment is overdue from the next day. */
  dueDate: string;
}

const DAY_MS = 86_400_000;

/** The Kolkata day `days` after a 'YYYY-MM-DD' day (negative: before). */
export const addDays = (day: string, days: number) => kolkataDate(kolkataDayStart(day) + days * DAY_MS);

/**
 * D31's schedule at acceptance, in paise: the advance (`percent` of the total, rounded half up to the paisa) due at
 * once, and the balance (the rest, so the two always sum to the total) due PAYMENT_BALANCE_HOURS before the travel
 * date starts — at once when that moment has passed or there is no travel date. A zero part is left out, so a
 * total of 0 has no instalments and 100 % has one.
 */
export function paymentSchedule(
  totalPaise: number,
  percent: number,
  acceptedAt: number,
  travelDate: string | null,
): ScheduledInstalment[] {
  const total = Math.max(0, Math.trunc(totalPaise));
  const share = Math.min(100, Math.max(0, percent));
  // Basis points keep a percentage with two decimals exact; BigInt keeps the product exact past 2^53.
  const bp = BigInt(Math.round(share * 100));
  const advance = Number((BigInt(total) * bp * 2n + 10_000n) / 20_000n);
  const today = kolkataDate(acceptedAt);
  const balanceAt = travelDate ? kolkataDayStart(travelDate) - PAYMENT_BALANCE_HOURS * 3_600_000 : acceptedAt;
  const balanceDay = balanceAt > acceptedAt ? kolkataDate(balanceAt) : today;
  const parts: ScheduledInstalment[] = [
    { amountPaise: advance, dueDate: today },
    { amountPaise: total - advance, dueDate: balanceDay },
  ];
  return parts.filter((p) => p.amountPaise > 0);
}

/**
 * How much of the verified money goes to each instalment: it fills them in order (the schedule's order, earliest
 * first), so the advance is paid before the balance whatever instalment a payment named.
 */
export function allocatePaid(amountsPaise: readonly number[], paidPaise: number): number[] {
  let left = Math.max(0, paidPaise);
  return amountsPaise.map((amount) => {
    const part = Math.min(amount, left);
    left -= part;
    return part;
  });
}

/**
 * An instalment's status on a Kolkata day: paid once its allocated money covers it; claimed while a customer's
 * claim for it waits; overdue after its due day; else due.
 */
export function instalmentStatus(
  i: { amountPaise: number; paidPaise: number; claimed: boolean; dueDate: string },
  today: string,
): InstalmentStatus {
  if (i.paidPaise >= i.amountPaise) return 'paid';
  if (i.claimed) return 'claimed';
  return today > i.dueDate ? 'overdue' : 'due';
}

/**
 * The reminder an unpaid instalment is owed on a Kolkata day: the latest of 3 days before its due day, on it and
 * the day after that has come, until the day after has passed. A day the server missed is caught up the next
 * run; the sent-reminders table keeps each kind to once.
 */
export function reminderKindOn(dueDate: string, today: string): ReminderKind | undefined {
  if (today > addDays(dueDate, PAYMENT_LIMITS.reminderDaysAfter)) return undefined;
  if (today === addDays(dueDate, PAYMENT_LIMITS.reminderDaysAfter)) return 'after';
  if (today >= dueDate) return 'on';
  if (today >= addDays(dueDate, -PAYMENT_LIMITS.reminderDaysBefore)) return 'before';
  return undefined;
}

/** Statuses an inquiry never gets payment reminders in. */
export const NO_REMINDER_STATUSES = ['Completed', 'Only Query'] as const;

// --- The web's own words around payments (the trip page's and the back office's screens) -------------------------

/** What the web says where the server's answer does not: fallbacks, labels, and the schedule editor's live check. */
export const PAYMENT_WEB_TEXT = {
  loadFailed: 'The payments could not be loaded. Please try again.',
  claimFailed: 'Your payment reference could not be sent. Please try again.',
  claimSend: 'Send the reference',
  claimedNote: 'We have your payment reference and are checking the payment.',
  paidNote: 'Paid. Thank you!',
  reference: 'Reference',
  qrLabel: (amount: string) => `QR code to pay ${amount} by UPI`,
  paidOfTotal: (paid: string, total: string) => `${paid} paid of ${total}`,
  pendingLeft: (pending: string) => `${pending} left to pay`,
  noReceipts: 'No receipt yet: one is issued for each payment we confirm.',
  receiptReversed: 'Reversed',
  receiptFailed: 'The receipt could not be downloaded. Please try again.',
  // The back office
  panelTitle: 'Payments',
  schedule: 'Schedule',
  ledger: 'Ledger',
  noPayments: 'No payment yet.',
  totalPaid: 'Paid',
  totalPending: 'Pending',
  totalAmount: 'Total',
  totalsLabel: 'What is paid and pending',
  editSchedule: 'Change the schedule',
  makeSchedule: 'Make a schedule',
  paidFixed: (paid: string) => `${paid} paid: fixed`,
  saveSchedule: 'Save the schedule',
  split: 'Split',
  addInstalment: 'Add an instalment',
  removeInstalment: 'Remove',
  scheduleMatches: (total: string) => `The instalments add up to ${total}.`,
  scheduleLeft: (total: string, left: string) => `Must sum to ${total} — ${left} left`,
  scheduleOver: (total: string, over: string) => `Must sum to ${total} — ${over} too much`,
  scheduleHint: (max: number) => `At most ${max} instalments. A paid one keeps its amount and date.`,
  scheduleFailed: 'The schedule could not be saved. Please try again.',
  verify: 'Verify',
  verifyAmount: 'Amount received (₹), if it differs',
  verifyFailed: 'The payment could not be verified. Please try again.',
  record: 'Record a payment',
  recordFailed: 'The payment could not be recorded. Please try again.',
  mode: 'Mode',
  amount: 'Amount (₹)',
  receivedAt: 'Received on',
  referenceOptional: 'Reference (UTR, cheque or bank reference)',
  forInstalment: 'For instalment',
  anyInstalment: 'The next unpaid one',
  reverse: 'Reverse',
  reverseReason: 'Reason for the reversal',
  reverseFailed: 'The payment could not be reversed. Please try again.',
  reversedBecause: (reason: string) => `Reversed: ${reason}`,
  reversalOf: (amount: string) => `Reversal of ${amount}`,
  claimedBy: (amount: string) => `Customer reported ${amount}`,
  verifiedBy: (name: string) => `verified by ${name}`,
  recordedBy: (name: string) => `by ${name}`,
  receiptPdf: 'Receipt PDF',
  cancel: 'Cancel',
  derivedHint: 'From the payments on the inquiry page',
  // The reports page
  moneyInTitle: 'Money in (from the payments)',
  receivedInPeriod: 'Received in the period',
  outstandingToday: 'Outstanding today',
  outstandingInquiries: (n: number) => `over ${n} ${n === 1 ? 'inquiry' : 'inquiries'} with a schedule`,
  receivedByMonth: 'Received each month',
  receivedByMode: 'Received by mode',
  noMoneyIn: 'No payment was received in this period.',
  paymentReportFailed: 'The money received could not be loaded. Please try again.',
  dueOn: (day: string) => `due ${day}`,
  overdueSince: (day: string) => `was due ${day}`,
} as const;
