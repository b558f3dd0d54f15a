// The books without zod: Asia/Kolkata's days, D31's payments (states, modes, limits, messages, the UPI URI, the
// schedule rules), the papers' numbers, D32's GST and invoices, and issue 53's vouchers. The public trip page's
// payments, papers and vouchers load it after first paint (payments.ts holds the schemas). Money is integer paise.
import { QUOTATION_ADVANCE_SHARE, QUOTATION_BALANCE_HOURS, mulDivHalfUp, type SupplierKind } from './quotes-rules';

// The agency keeps its books in Asia/Kolkata, which is UTC+05:30 all year (no daylight saving): its days and
// months are a fixed shift of UTC milliseconds, in SQL as in code.
const DAY_MS = 86_400_000;
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** 'YYYY-MM-DD' of an instant (epoch ms) in Asia/Kolkata. */
export const kolkataDate = (at: number) => new Date(at + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD HH:mm' of an instant (epoch ms) in Asia/Kolkata. */
export const kolkataDateTime = (at: number) =>
  new Date(at + KOLKATA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** Start (inclusive) and end (exclusive) of the Kolkata day holding `at`, in epoch ms. */
export function kolkataDayBounds(at: number): { start: number; end: number } {
  const start = Math.floor((at + KOLKATA_OFFSET_MS) / DAY_MS) * DAY_MS - KOLKATA_OFFSET_MS;
  return { start, end: start + DAY_MS };
}

/** The first instant of a 'YYYY-MM-DD' day in Asia/Kolkata, in epoch ms. */
export const kolkataDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - KOLKATA_OFFSET_MS;

/** Epoch ms of a Kolkata wall-clock time 'YYYY-MM-DDTHH:mm' (what a datetime-local input holds). */
export function fromKolkataLocal(local: string): number {
  return Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`) - KOLKATA_OFFSET_MS;
}

/** An ISO instant as Kolkata wall-clock 'YYYY-MM-DDTHH:mm' (for a datetime-local input). */
export const toKolkataLocal = (iso: string) => new Date(Date.parse(iso) + KOLKATA_OFFSET_MS).toISOString().slice(0, 16);

// The two-digit GST codes of today's states and union territories as one pattern, and the message for another,
// which the inquiry schemas check the customer's state with. GST_STATES below holds the list with the names; a
// test keeps the two in step.

/** 01–24, 26, 27, 29–38: GST_STATES' codes (25 and 28 are retired). */
export const GST_STATE_CODE = /^(0[1-9]|1\d|2[0-4679]|3[0-8])$/;

export const GST_STATE_MESSAGE = 'Choose a state or union territory of India.';

// D32's GST facts and arithmetic: the states and union territories with their GST codes, the GSTIN's format and
// check character, the rate, SAC and invoice words of tour operator services, the CGST + SGST / IGST split and
// the amount in words (Indian system). Every figure that depends on the law sits here once, with where it comes
// from, so the agency can change it when the law does.

/**
 * The GST rate of tour operator services, in percent: Notification 11/2017-Central Tax (Rate), serial 23(i)
 * (and 8/2017-Integrated Tax (Rate), the same entry), 5% on the gross amount without input tax credit; unchanged by
 * the rates of 22 September 2025 as far as the lists read show. `GST_RATE` overrides it.
 */
export const DEFAULT_GST_RATE = 5;

/** The service's code in the Scheme of Classification of Services, group 99855: "Tour operator services". */
export const GST_SAC = '998555';

/**
 * What serial 23(i)'s condition asks the bill to say: the price includes the accommodation and the transport (the
 * 5% rate applies only then).
 */
export const GST_INCLUSIVE_WORDS = 'inclusive of accommodation and transportation';

/** The invoice's one line of description. */
export const GST_SERVICE_DESCRIPTION = `Tour operator services (tour package), ${GST_INCLUSIVE_WORDS}`;

export interface GstState {
  /** The two-digit code that opens a GSTIN and names a place of supply. */
  code: string;
  name: string;
  /**
   * A union territory without a legislature: the state half of an intra-territory supply is UTGST, not SGST (the
   * CGST Act's meaning of "Union territory", s.2(114)).
   */
  utgst?: true;
}

/**
 * The states and union territories of today with their GST codes, as the e-invoice portal's place-of-supply list
 * gives them (Vertex's copy of the IRP list, with Forbes India's and Tally's). Left out: 25 (Daman and Diu, merged
 * into 26 in January 2020), 28 (Andhra Pradesh before its division; 37 now), 97 (other territory) and 99 (centre
 * jurisdiction), which no customer lives in.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', utgst: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', utgst: true },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', utgst: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands', utgst: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', utgst: true },
];

const STATE_BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

/** The state or union territory of a two-digit GST code, if it is one of today's. */
export const gstState = (code: string | null | undefined): GstState | undefined =>
  code ? STATE_BY_CODE.get(code) : undefined;

/** 'Maharashtra (27)': how papers name a place of supply (Rule 46 asks for the state's name and code). */
export const gstStateLabel = (code: string): string => {
  const state = gstState(code);
  return state ? `${state.name} (${code})` : code;
};

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A GSTIN's 15 characters: the state code, the holder's PAN (five letters, the fourth the holder's type, four
 * digits, a letter), the entity number within the state, 'Z', and the check character (python-stdnum's pattern;
 * our state codes are the list above, so Ladakh's 38 passes).
 */
const GSTIN_PATTERN = /^(\d{2})[A-Z]{3}[ABCFGHLJPTK][A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: Luhn mod 36 over the alphabet 0–9A–Z, weights 1, 2, 1, …
 * from the left, each product counted as its quotient and remainder by 36 (python-stdnum's `calc_check_digit`).
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const p = GSTIN_ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** A well-formed GSTIN of one of today's states whose check character is right (upper case, no spaces). */
export function isValidGstin(gstin: string): boolean {
  const m = GSTIN_PATTERN.exec(gstin);
  if (!m || !STATE_BY_CODE.has(m[1]!)) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The state code of a GSTIN: its first two digits. */
export const gstinState = (gstin: string): string => gstin.slice(0, 2);

export const GST_RULE_MESSAGES = {
  invalidGstin: 'Enter a valid GSTIN: 15 characters, such as 27AAPFU0939F1ZV, whose last character checks.',
  invalidState: GST_STATE_MESSAGE,
} as const;

export interface GstSplit {
  /** Within the agency's state or territory: CGST + SGST (or UTGST); else IGST (IGST Act ss. 7 and 8). */
  kind: 'intra' | 'inter';
  cgstPaise: number;
  /** SGST, or UTGST when `stateTaxName` says so. */
  sgstPaise: number;
  igstPaise: number;
  stateTaxName: 'SGST' | 'UTGST';
}

/**
 * Splits a tax in paise by where it is supplied: the same state (or territory) as the agency's → half CGST, half
 * SGST (UTGST in a territory without a legislature); another → all IGST. An odd paisa goes to the state's half, so
 * CGST + SGST is always the whole tax.
 */
export function gstSplit(taxPaise: number, agencyState: string, placeOfSupply: string): GstSplit {
  const stateTaxName = gstState(agencyState)?.utgst ? 'UTGST' : 'SGST';
  if (agencyState !== placeOfSupply) {
    return { kind: 'inter', cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise, stateTaxName };
  }
  const cgstPaise = Math.floor(taxPaise / 2);
  return { kind: 'intra', cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0, stateTaxName };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ('' for 0). */
const belowHundred = (n: number) => (n < 20 ? ONES[n]! : [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].join(' ').trim());

/** 0–999 in words ('' for 0). */
const belowThousand = (n: number) =>
  [n >= 100 ? `${ONES[Math.floor(n / 100)]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');

/**
 * A whole number in the Indian system: the digits read from the right as hundreds, then thousands, lakhs and
 * crores by pairs, and whatever stands before the crores again as a number of crores ('One Thousand Crore').
 */
function indianWords(n: number): string {
  if (n === 0) return '';
  const crores = Math.floor(n / 10_000_000);
  const rest = n % 10_000_000;
  const lakhs = Math.floor(rest / 100_000);
  const thousands = Math.floor((rest % 100_000) / 1000);
  return [
    crores ? `${indianWords(crores)} Crore` : '',
    lakhs ? `${belowHundred(lakhs)} Lakh` : '',
    thousands ? `${belowHundred(thousands)} Thousand` : '',
    belowThousand(rest % 1000),
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in words, Indian system: 12000050 paise → 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'. No
 * form is prescribed (Rule 46 does not ask for words); this is the order most invoices use.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not a whole, non-negative paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${rupees === 0 ? 'Zero' : indianWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${belowHundred(rest)} Paise Only`;
}

/** Amounts in paise of an invoice or a credit note: taxable value, each tax, and the total (GST included). */
export interface GstAmounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * What a credit note of `amountPaise` (GST included) takes back from `invoice`, given what earlier notes took
 * (`credited`): the invoice's own proportion of taxable value to total, rounded half up, the rest tax, split as the
 * invoice's was. The note that credits the last paisa takes exactly what is left of each figure, so the notes of a
 * fully credited invoice add up to it to the paisa. `amountPaise` must be 1 … what is left.
 */
export function creditNoteAmounts(
  amountPaise: number,
  invoice: GstAmounts,
  credited: GstAmounts,
  split: (taxPaise: number) => Pick<GstSplit, 'cgstPaise' | 'sgstPaise' | 'igstPaise'>,
): GstAmounts {
  if (amountPaise === invoice.totalPaise - credited.totalPaise) {
    return {
      taxablePaise: invoice.taxablePaise - credited.taxablePaise,
      cgstPaise: invoice.cgstPaise - credited.cgstPaise,
      sgstPaise: invoice.sgstPaise - credited.sgstPaise,
      igstPaise: invoice.igstPaise - credited.igstPaise,
      totalPaise: amountPaise,
    };
  }
  const taxablePaise =
    invoice.totalPaise === 0 ? amountPaise : mulDivHalfUp(amountPaise, invoice.taxablePaise, invoice.totalPaise);
  const { cgstPaise, sgstPaise, igstPaise } = split(amountPaise - taxablePaise);
  return { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise: amountPaise };
}

// D31 payments: instalment and payment states, modes, limits, every user-facing message and label, the UPI
// payment URI, and the pure schedule and status rules both sides share.

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

// Numbered papers (D31 receipts, D32 invoices and credit notes): one series per kind, consecutive per Indian
// financial year; the trip page prints these numbers too.

// RCT, not RCPT: a receipt of an advance taken before the invoice is GST's receipt voucher (Rule 50), whose serial
// has the invoice's limit of 16 characters (Rule 46(b)); 'RCPT/2026-27/0001' is 17.
export const DOCUMENT_SERIES = ['RCT', 'INV', 'CN'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** Digits of the sequence part: 'INV/2026-27/0001' is 16 characters, Rule 46's limit for an invoice's serial. */
const SEQ_DIGITS = 4;
/** Rule 46(b): a serial of at most 16 letters, digits, '-' and '/'. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * The Indian financial year holding an instant: April to March in Asia/Kolkata (General Clauses Act s.3(21)),
 * written '2026-27' for 1 April 2026 – 31 March 2027.
 */
export function indianFinancialYear(at: number): string {
  const [year, month] = kolkataDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * 'RCT/2026-27/0001': the series, the financial year and the sequence. Past 9999 the sequence takes more digits and
 * the year its short form ('INV/26-27/10000') to stay within 16 characters; numbers stay unique, as the counter is
 * per series and year whatever the year is written as.
 */
export function documentNumber(series: DocumentSeries, fy: string, seq: number): string {
  const n = String(seq).padStart(SEQ_DIGITS, '0');
  const long = `${series}/${fy}/${n}`;
  return long.length <= MAX_DOCUMENT_NUMBER_LENGTH ? long : `${series}/${fy.slice(2)}/${n}`;
}

// D32's invoices and credit notes: their messages and limits, and the titles the papers carry.
export const INVOICE_LIMITS = {
  /** A credit note's reason, as it is printed. */
  reason: 300,
  /** The customer's postal address, as it is printed (Rule 46(d): the recipient's name and address). */
  address: 300,
} as const;

/** The papers a trip page lists (D32): an invoice or a credit note against it. */
export const TRIP_PAPER_KINDS = ['invoice', 'creditNote'] as const;
export type TripPaperKind = (typeof TRIP_PAPER_KINDS)[number];

/** A registered agency's invoice is a tax invoice (Rule 46); an unregistered one's a plain invoice. */
export const invoiceTitle = (taxInvoice: boolean) => (taxInvoice ? 'Tax invoice' : 'Invoice');
export const CREDIT_NOTE_TITLE = 'Credit note';

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  creditNoteNotFound: 'Credit note not found',
  notAccepted: 'The customer has not accepted a quotation yet: an invoice is issued for an accepted quotation.',
  alreadyInvoiced:
    'This inquiry already has an invoice that is not fully credited. Issue a credit note against it first.',
  noGstOnVersion:
    'The accepted quotation was priced without GST, but the agency is registered: its tax invoice needs GST.',
  stateRequired: "Choose the customer's state or union territory: it is the place of supply of a tax invoice.",
  gstinStateMismatch: "The customer's GSTIN is registered in another state than the one chosen.",
  amountRequired: 'Amount must be more than zero',
  amountTooLarge: (remaining: string) => `At most ${remaining} of this invoice is not yet credited.`,
  fullyCredited: 'This invoice is fully credited already.',
  reasonRequired: 'Say why the amount is credited',
  reasonTooLong: `Reason must be at most ${INVOICE_LIMITS.reason} characters`,
  /** Under the address field: Rule 46(e) asks for it on an unregistered customer's invoice of ₹50,000 or more. */
  addressHint: 'Printed under the name. GST rules ask for it when the invoice is ₹50,000 or more.',
  issued: (number: string) => `Invoice ${number} issued and mailed to the customer`,
  creditNoteIssued: (number: string) => `Credit note ${number} issued and mailed to the customer`,
  exportFailed: 'Failed to export the invoices',
  downloadFailed: 'Failed to download the paper',
  listFailed: 'Failed to load the invoices',
} as const;

// Issue 53's vouchers: which bookings have one, the words of the paper, the trip page's list and the customer's
// "Your vouchers are ready" mail.

/** The supplier kinds whose confirmed bookings get a voucher: what the traveller shows at a desk or to a driver. */
export const VOUCHER_KINDS = ['hotel', 'cab'] as const satisfies readonly SupplierKind[];
export type VoucherKind = (typeof VOUCHER_KINDS)[number];
export const hasVoucher = (kind: SupplierKind): kind is VoucherKind =>
  (VOUCHER_KINDS as readonly string[]).includes(kind);

/** A voucher's file name: its kind and confirmation number, nothing else a file system could trip on. */
export const voucherFileName = (kind: VoucherKind, confirmationNumber: string) =>
  `voucher-${kind}-${confirmationNumber.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'booking'}.pdf`;

export const VOUCHER_TEXT = {
  title: { hotel: 'Hotel voucher', cab: 'Cab voucher' } satisfies Record<VoucherKind, string>,
  /** The paper's words. */
  confirmationNo: 'Confirmation number',
  showThis: (kind: VoucherKind) =>
    kind === 'hotel'
      ? 'Please show this voucher at the reception when you check in.'
      : 'Please show this voucher to your driver when you are picked up.',
  guest: 'Guest',
  travellers: 'Travellers',
  trip: 'Trip',
  arrival: 'Arrival',
  duration: 'Duration',
  quotation: 'Quotation',
  provided: { hotel: 'Rooms', cab: 'Vehicle' } satisfies Record<VoucherKind, string>,
  supplierHeading: { hotel: 'Hotel', cab: 'Cab operator' } satisfies Record<VoucherKind, string>,
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  emergencyHeading: 'Help, day and night',
  emergency: (agency: string, phone: string) => `Anything wrong on your trip? Call ${agency} at any hour on ${phone}.`,
  confirmedOn: 'Confirmed on',
  notSet: 'Not set yet',
  /** The trip page (D34 keeps it for use offline). */
  bookedTitle: 'What is booked',
  bookedIntro: 'Your confirmed bookings. Show the voucher at the hotel or to your driver.',
  kind: { hotel: 'Hotel', cab: 'Cab', guide: 'Guide', activity: 'Activity', other: 'Booking' } satisfies Record<
    SupplierKind,
    string
  >,
  voucherPdf: 'Voucher (PDF)',
  downloadFailed: 'Failed to download the voucher',
  emergencyCall: (phone: string) => `24/7 help: call ${phone}`,
} as const;

/** The customer's mail once the hotel and cab bookings are answered (docs/suppliers.md, "Vouchers"). */
export const VOUCHER_MAIL_TEXT = {
  subject: (agency: string) => `Your vouchers are ready — ${agency}`,
  intro: 'Your bookings are confirmed and your vouchers are ready on your trip page.',
  howToOpen:
    'Open the trip link we sent you with your quotation, or sign in with this e-mail address. The trip page ' +
    'keeps your vouchers for use without a signal once you have opened it.',
  openTrip: 'Open your trip page',
  emergency: (phone: string) => `During your trip, call us at any hour on ${phone}.`,
} as const;

export const VOUCHER_MESSAGES = {
  notFound: 'Voucher not found',
} as const;
