// D32's papers as the trip page lists them, apart from invoices.ts: the trip answer's schema (quotes.ts), which the
// inquiry schemas and so every inquiry form carry, needs only this, not the GST rules the invoice bodies check.
import { z } from 'zod';
import { idSchema } from './common';
import { TRIP_PAPER_KINDS } from './invoice-rules';

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
