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
