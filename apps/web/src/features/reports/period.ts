// The reports page's period presets, as days ('YYYY-MM-DD') in Asia/Kolkata, where the agency keeps its books.
import { kolkataDate } from '@safarnama/contract/payments-rules';

export interface Period {
  from: string;
  to: string;
}

export const PERIOD_PRESETS = [
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'this-quarter', label: 'This quarter' },
  { id: 'this-fy', label: 'This financial year' },
  { id: 'last-12-months', label: 'Last 12 months' },
  { id: 'custom', label: 'Custom' },
] as const;
export type PresetId = (typeof PERIOD_PRESETS)[number]['id'];

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** Today in Asia/Kolkata, as 'YYYY-MM-DD'. */
export const kolkataToday = (nowMs = Date.now()) => kolkataDate(nowMs);

/** The period a preset names on the day `today`; months are 0-based in Date.UTC, so day(y, m, 0) is the last of m-1. */
export function presetPeriod(preset: Exclude<PresetId, 'custom'>, today: string): Period {
  const [y, m1, d] = today.split('-').map(Number) as [number, number, number];
  const m = m1 - 1;
  switch (preset) {
    case 'this-month':
      return { from: day(y, m, 1), to: today };
    case 'last-month':
      return { from: day(y, m - 1, 1), to: day(y, m, 0) };
    case 'this-quarter':
      return { from: day(y, m - (m % 3), 1), to: today };
    case 'this-fy': {
      // India's financial year runs April to March.
      const start = m >= 3 ? y : y - 1;
      return { from: day(start, 3, 1), to: today };
    }
    case 'last-12-months': {
      // Twelve months ending today start the day after today, a year back (29 Feb → from 1 March).
      const next = new Date(Date.UTC(y, m, d + 1));
      return { from: day(next.getUTCFullYear() - 1, next.getUTCMonth(), next.getUTCDate()), to: today };
    }
  }
}

/** 'YYYY-MM' → 'Apr 2025'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
