// Reports (D27): which statuses count as converted, the period's limits and the messages; zod-free so the web's
// reports page can share them without the schema library.
import type { InquiryStatus } from './inquiry-rules';

/** An inquiry counts as converted once money or a booking is in hand. */
export const CONVERTED_STATUSES = [
  'Advance Received',
  'Booking Pending',
  'Booked',
  'Completed',
] as const satisfies readonly InquiryStatus[];

export const isConvertedStatus = (status: string): boolean =>
  (CONVERTED_STATUSES as readonly string[]).includes(status);

/** A summary covers at most this many years (from + 3 years, exclusive). */
export const REPORT_MAX_YEARS = 3;
/** How many destinations each top list holds. */
export const REPORT_TOP_DESTINATIONS = 10;

export const REPORT_MESSAGES = {
  dateInvalid: 'Dates must be real dates written as YYYY-MM-DD',
  fromAfterTo: 'The start date must be on or before the end date',
  periodTooLong: `A report covers at most ${REPORT_MAX_YEARS} years`,
  fetchFailed: 'Failed to load the report',
  empty: 'No inquiries were received in this period.',
  unassigned: 'Unassigned',
  sourceNotRecorded: 'Not recorded',
} as const;

/** 'YYYY-MM-DD' → whether it names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The day `years` calendar years after a 'YYYY-MM-DD' day (29 February falls to 1 March). */
export function addYears(day: string, years: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}
