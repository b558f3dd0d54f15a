// The agency keeps its books in Asia/Kolkata, which is UTC+05:30 all year (no daylight saving): its days and
// months are a fixed shift of the stored UTC milliseconds, in SQL as in code.
export const KOLKATA_OFFSET_MS = 330 * 60_000;

/** 'YYYY-MM-DD HH:mm' of an instant in Asia/Kolkata. */
export const kolkataDateTime = (ms: number): string =>
  new Date(ms + KOLKATA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** 'YYYY-MM-DD' of an instant in Asia/Kolkata. */
export const kolkataDay = (ms: number): string => new Date(ms + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);
