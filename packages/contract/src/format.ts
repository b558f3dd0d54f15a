// Formatters both sides share: rupees in Indian digit grouping and short dates.
const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** 124999 → '₹1,24,999'; with paise always two digits of them, as money is written: 999.5 → '₹999.50'. */
export const formatRupees = (amount: number) =>
  (Number.isInteger(amount) ? wholeRupees : rupeesAndPaise).format(amount);

const shortDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** A short date, or 'N/A' when missing or unreadable (spec §2). */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'N/A' : shortDate.format(d);
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

export const pluralDays = (n: number) => `${n} ${n === 1 ? 'Day' : 'Days'}`;
