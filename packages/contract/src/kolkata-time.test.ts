import { describe, expect, it } from 'vitest';
import {
  fromKolkataLocal,
  kolkataDate,
  kolkataDateTime,
  kolkataDayBounds,
  kolkataDayStart,
  toKolkataLocal,
} from './kolkata-time';

// 2025-03-31 18:30 UTC is midnight of 1 April in Kolkata (UTC+05:30).
const MIDNIGHT = Date.UTC(2025, 2, 31, 18, 30);

describe('Asia/Kolkata days and times', () => {
  it('turns the day at midnight in Kolkata', () => {
    expect(kolkataDate(MIDNIGHT - 60_000)).toBe('2025-03-31');
    expect(kolkataDate(MIDNIGHT)).toBe('2025-04-01');
    expect(kolkataDateTime(MIDNIGHT - 60_000)).toBe('2025-03-31 23:59');
    expect(kolkataDateTime(MIDNIGHT)).toBe('2025-04-01 00:00');
  });

  it('bounds a day from its midnight to the next', () => {
    expect(kolkataDayStart('2025-04-01')).toBe(MIDNIGHT);
    expect(kolkataDayBounds(MIDNIGHT + 5 * 3_600_000)).toEqual({ start: MIDNIGHT, end: MIDNIGHT + 86_400_000 });
    expect(kolkataDayBounds(MIDNIGHT - 1).end).toBe(MIDNIGHT);
  });

  it('reads and writes the wall-clock time of a datetime-local input', () => {
    expect(fromKolkataLocal('2025-04-01T00:00')).toBe(MIDNIGHT);
    expect(toKolkataLocal(new Date(MIDNIGHT).toISOString())).toBe('2025-04-01T00:00');
  });
});
