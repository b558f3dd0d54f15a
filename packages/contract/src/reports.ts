// GET /api/reports/summary (D27): the period it takes and the blocks it answers. Money is in rupees.
import { z } from 'zod';
import { INQUIRY_STATUSES } from './inquiry-rules';
import { REPORT_MAX_YEARS, REPORT_MESSAGES, addYears, isCalendarDate } from './report-rules';

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
