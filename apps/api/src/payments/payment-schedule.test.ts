// D31's schedule arithmetic in paise, as properties (fast-check): the instalments always sum to the total, each is
// positive, the advance is the percentage rounded half up, and the balance is due a day before travel (or at once).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, allocatePaid, kolkataDate, paymentSchedule } from '@safarnama/contract';

const DAY_MS = 86_400_000;
const start = Date.UTC(2025, 0, 1);

describe('paymentSchedule', () => {
  it('always sums to the total with positive parts, the advance rounded half up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e13 }),
        fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
        fc.integer({ min: 0, max: 3 * 365 * DAY_MS }),
        fc.option(fc.integer({ min: -30, max: 400 }), { nil: null }),
        (total, percent, offset, travelIn) => {
          const at = start + offset;
          const travel = travelIn === null ? null : addDays(kolkataDate(at), travelIn);
          const parts = paymentSchedule(total, percent, at, travel);
          expect(parts.reduce((s, p) => s + p.amountPaise, 0)).toBe(total);
          for (const p of parts) expect(p.amountPaise).toBeGreaterThan(0);
          // The plain reference: percent × total in basis points, halves rounded up, exactly.
          const advance = Number((BigInt(total) * BigInt(Math.round(percent * 100)) * 2n + 10_000n) / 20_000n);
          if (advance > 0) expect(parts[0]).toEqual({ amountPaise: advance, dueDate: kolkataDate(at) });
          const balance = parts.find((p, i) => i > 0 || advance === 0);
          if (balance && total - advance > 0) {
            const dayBefore = travel === null ? kolkataDate(at) : addDays(travel, -1);
            expect(balance.dueDate).toBe(dayBefore > kolkataDate(at) ? dayBefore : kolkataDate(at));
          }
        },
      ),
    );
  });

  it('fills instalments in order with the paid money, never more than each', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1e9 }), { maxLength: 12 }),
        fc.integer({ min: -5, max: 2e10 }),
        (amounts, paid) => {
          const parts = allocatePaid(amounts, paid);
          const total = amounts.reduce((s, a) => s + a, 0);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(Math.min(total, Math.max(0, paid)));
          parts.forEach((p, i) => {
            expect(p).toBeLessThanOrEqual(amounts[i]!);
            if (i > 0 && p > 0) expect(parts[i - 1]).toBe(amounts[i - 1]);
          });
        },
      ),
    );
  });
});
