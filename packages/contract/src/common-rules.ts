// What every resource shares without zod: list paging, the formatters of rupees and dates (the public pages that
// show a price load this module at first paint) and the limits of the papers a client downloads.

// Every list's paging (inquiries, notifications, suppliers): its page sizes and the header of its total.
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

// Formatters both sides share: rupees in Indian digit grouping and short dates.

/**
 * Each Intl formatter is built on first use: building one loads its locale's (and time zone's) data, 5–20 ms on
 * a phone, and a page that only shows prices never needs the dates' formatters (a browser's first page load).
 */
const lazily = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

/** '1234567' → '12,34,567': the last three digits, then pairs (Indian digit grouping). */
const groupIndian = (digits: string) =>
  digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;

/**
 * 124999 → '₹1,24,999'; with paise always two digits of them, as money is written: 999.5 → '₹999.50'. Written
 * out, as Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }) writes it (a test compares the two),
 * because building that formatter costs a phone 80 ms on a page's first price: a price shown in a package card
 * blocked the home page and /packages for that long (Lighthouse's Total Blocking Time).
 */
export function formatRupees(amount: number): string {
  if (!Number.isFinite(amount)) return `₹${amount}`;
  const sign = amount < 0 ? '-' : '';
  const [whole, paise] = (Number.isInteger(amount) ? Math.abs(amount).toFixed(0) : Math.abs(amount).toFixed(2)).split(
    '.',
  );
  return `${sign}₹${groupIndian(whole!)}${paise === undefined ? '' : `.${paise}`}`;
}

const shortDate = lazily(
  () => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }),
);

/** A short date, or 'N/A' when missing or unreadable (spec §2). */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'N/A' : shortDate().format(d);
}

const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Asia/Kolkata',
    }),
);
export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));

export const pluralDays = (n: number) => `${n} ${n === 1 ? 'Day' : 'Days'}`;

// The papers a client downloads — a package's brochure, an inquiry's quotation PDF (by id or by trip link), the
// inquiries CSV export — are each a rendering or a scan of many rows: their rate limits (before the server's
// RATE_LIMIT_FACTOR) and the answer past them.

/** [max, window] per client: the brochure and the trip link's paper by address (public), the others by signed-in user. */
export const PAPER_LIMITS = {
  /** A visitor reads a few brochures a minute; an office behind one address, a few more. */
  brochurePerClient: [20, '1 minute'],
  /** A customer or the back office opens a quotation a few times while talking it through. */
  quotationPerUser: [10, '1 minute'],
  /** The same paper through the trip link (issue 51), held to the same pace per address. */
  tripQuotationPerClient: [10, '1 minute'],
  /** Staff export a few times with different filters; every export reads every matching inquiry. */
  exportPerUser: [10, '10 minutes'],
} as const satisfies Record<string, readonly [number, string]>;

export const PAPER_MESSAGES = {
  tooManyDownloads: 'Too many downloads in a short time. Please wait a little and try again.',
} as const;

// What the API answers when its PDF workers are all busy and their queue is full (docs/performance.md, "PDFs"):
// 503 with Retry-After.
export const PDF_POOL_MESSAGES = {
  busy: 'Too many PDFs are being made right now. Please try again in a few seconds.',
} as const;

/** Seconds a client is asked to wait (Retry-After) before asking for a PDF again. */
export const PDF_RETRY_AFTER_SECONDS = 5;
