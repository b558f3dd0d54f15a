// The agency keeps its books in Asia/Kolkata, which is UTC+05:30 all year (no daylight saving): its days and
// months are a fixed shift of UTC milliseconds, in SQL as in code. Zod-free, for the web's first load too.

const DAY_MS = 86_400_000;
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** 'YYYY-MM-DD' of an instant (epoch ms) in Asia/Kolkata. */
export const kolkataDate = (at: number) => new Date(at + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD HH:mm' of an instant (epoch ms) in Asia/Kolkata. */
export const kolkataDateTime = (at: number) =>
  new Date(at + KOLKATA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** Start (inclusive) and end (exclusive) of the Kolkata day holding `at`, in epoch ms. */
export function kolkataDayBounds(at: number): { start: number; end: number } {
  const start = Math.floor((at + KOLKATA_OFFSET_MS) / DAY_MS) * DAY_MS - KOLKATA_OFFSET_MS;
  return { start, end: start + DAY_MS };
}

/** The first instant of a 'YYYY-MM-DD' day in Asia/Kolkata, in epoch ms. */
export const kolkataDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - KOLKATA_OFFSET_MS;

/** Epoch ms of a Kolkata wall-clock time 'YYYY-MM-DDTHH:mm' (what a datetime-local input holds). */
export function fromKolkataLocal(local: string): number {
  return Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`) - KOLKATA_OFFSET_MS;
}

/** An ISO instant as Kolkata wall-clock 'YYYY-MM-DDTHH:mm' (for a datetime-local input). */
export const toKolkataLocal = (iso: string) => new Date(Date.parse(iso) + KOLKATA_OFFSET_MS).toISOString().slice(0, 16);
