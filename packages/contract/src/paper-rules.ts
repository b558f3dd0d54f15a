// The papers a client downloads — a package's brochure, an inquiry's quotation PDF (by id or by trip link), the inquiries CSV export — are
// each a rendering or a scan of many rows: their rate limits (before the server's RATE_LIMIT_FACTOR) and the answer
// past them. Zod-free, so the web's pages can share the message.

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
