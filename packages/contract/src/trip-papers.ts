// D32's papers as the trip page lists them, apart from invoices.ts: the trip answer's schema (quotes.ts), which the
// inquiry schemas and so every inquiry form carry, needs only this, not the GST rules the invoice bodies check.
import { z } from 'zod';
import { idSchema } from './common';
import { TRIP_PAPER_KINDS } from './invoice-rules';
import { SUPPLIER_KINDS } from './supplier-rules';

/** A paper on the trip page: what it is, its number, date and amount, never a cost. */
export const tripPaperSchema = z.object({
  kind: z.enum(TRIP_PAPER_KINDS),
  id: idSchema,
  number: z.string(),
  title: z.string(),
  issuedAt: z.string(),
  total: z.number(),
});
export type TripPaper = z.infer<typeof tripPaperSchema>;

/**
 * Issue 53: a confirmed booking as the trip page shows it: who provides what, its confirmation number and its
 * voucher (hotels and cabs). Never a cost, a margin or another booking's answer; keys avoid the agency's words.
 */
export const tripBookingSchema = z.object({
  _id: idSchema,
  kind: z.enum(SUPPLIER_KINDS),
  /** The hotel's or operator's name, and its city. */
  name: z.string(),
  city: z.string(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number() })),
  confirmationNumber: z.string(),
  /** The voucher's file name (`…/vouchers/{_id}.pdf` serves it); null for a kind without one. */
  voucher: z.string().nullable(),
});
export type TripBooking = z.infer<typeof tripBookingSchema>;
