// Reports (D27): which statuses count as converted, the period's limits and messages, and GET /api/reports/summary's
// period and blocks (money in rupees); and the period of D32's invoice export, checked by the same rules.
import { z } from 'zod';
import { INQUIRY_STATUSES, type InquiryStatus } from './inquiries';

// Which statuses count as converted, the period's limits and the messages.

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

// GET /api/reports/summary (D27): the period it takes and the blocks it answers. Money is in rupees.
const daySchema = z.string({ error: REPORT_MESSAGES.dateInvalid }).refine(isCalendarDate, {
  error: REPORT_MESSAGES.dateInvalid,
});

/** Days in Asia/Kolkata, both inclusive, at most REPORT_MAX_YEARS years apart. */
export const reportPeriodQuerySchema = z.object({ from: daySchema, to: daySchema }).superRefine((p, ctx) => {
  if (p.from > p.to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.fromAfterTo });
  else if (p.to >= addYears(p.from, REPORT_MAX_YEARS)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.periodTooLong });
  }
});
export type ReportPeriod = z.output<typeof reportPeriodQuerySchema>;

/** D32's GET /api/invoices/export.csv: days in Asia/Kolkata, both inclusive; either end may be left open. */
export const invoiceExportQuerySchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: REPORT_MESSAGES.fromAfterTo });

const moneyFigures = {
  revenue: z.number(),
  profit: z.number(),
};

export const reportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    received: z.number(),
    converted: z.number(),
    /** converted ÷ received, 0 when nothing was received. */
    conversionRate: z.number(),
    totalPackageCost: z.number(),
    advanceReceived: z.number(),
    pendingAmount: z.number(),
    ...moneyFigures,
  }),
  /** Every month the period touches ('YYYY-MM' in Asia/Kolkata), oldest first, empty months as zeros. */
  byMonth: z.array(z.object({ month: z.string(), received: z.number(), converted: z.number(), ...moneyFigures })),
  /** One row per handler (staffId null: Unassigned), most inquiries first. */
  byStaff: z.array(
    z.object({
      staffId: z.string().nullable(),
      name: z.string(),
      handled: z.number(),
      converted: z.number(),
      ...moneyFigures,
    }),
  ),
  topDestinations: z.object({
    byInquiries: z.array(
      z.object({ destination: z.string(), inquiries: z.number(), converted: z.number(), revenue: z.number() }),
    ),
    byRevenue: z.array(
      z.object({ destination: z.string(), inquiries: z.number(), converted: z.number(), revenue: z.number() }),
    ),
  }),
  /** By how the inquiry reached the agency; source null is "Not recorded". */
  bySource: z.array(
    z.object({
      source: z.string().nullable(),
      label: z.string(),
      received: z.number(),
      converted: z.number(),
      revenue: z.number(),
    }),
  ),
  /** Every status in pipeline order, with its count (zero included): the funnel. */
  byStatus: z.array(z.object({ status: z.enum(INQUIRY_STATUSES), count: z.number() })),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
export type DestinationFigures = ReportSummary['topDestinations']['byInquiries'][number];
