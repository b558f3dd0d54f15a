// What the API answers when its PDF workers are all busy and their queue is full (docs/performance.md, "PDFs"):
// 503 with Retry-After. Zod-free.

export const PDF_POOL_MESSAGES = {
  busy: 'Too many PDFs are being made right now. Please try again in a few seconds.',
} as const;

/** Seconds a client is asked to wait (Retry-After) before asking for a PDF again. */
export const PDF_RETRY_AFTER_SECONDS = 5;
