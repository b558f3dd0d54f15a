// D30's totals function (packages/contract/src/quotes-rules.ts) against a reference written out in plain integer code,
// over random versions, plus worked examples of the rounding rule.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QUOTE_LINE_KINDS, quoteTotals, type QuoteLineAmounts } from '@safarnama/contract';

/** n / d rounded half up, for non-negative safe integers: the quotient, plus one when the remainder is half or more. */
function roundHalfUp(n: number, d: number): number {
  const q = Math.floor(n / d);
  const r = n - q * d;
  return 2 * r >= d ? q + 1 : q;
}

function reference(lines: QuoteLineAmounts[], travellers: number, gstPercent: number) {
  let cost = 0;
  let price = 0;
  let hotel = 0;
  let cab = 0;
  let other = 0;
  for (const l of lines) {
    const unitPrice =
      l.unitPricePaise ?? roundHalfUp(l.unitCostPaise * (10_000 + Math.round((l.markupPercent ?? 0) * 100)), 10_000);
    cost += l.quantity * l.unitCostPaise;
    price += l.quantity * unitPrice;
    if (l.kind === 'hotel') hotel += l.quantity * l.unitCostPaise;
    else if (l.kind === 'cab') cab += l.quantity * l.unitCostPaise;
    else other += l.quantity * l.unitCostPaise;
  }
  const gst = roundHalfUp(price * Math.round(gstPercent * 100), 10_000);
  return {
    costPaise: cost,
    pricePaise: price,
    marginPaise: price - cost,
    gstPaise: gst,
    totalPaise: price + gst,
    perTravellerPaise: roundHalfUp(price + gst, travellers),
    hotelCostPaise: hotel,
    cabCostPaise: cab,
    otherCostPaise: other,
  };
}

// Bounded so the reference's plain products stay exact doubles.
const line = fc.record({
  kind: fc.constantFrom(...QUOTE_LINE_KINDS),
  quantity: fc.integer({ min: 1, max: 50 }),
  unitCostPaise: fc.integer({ min: 0, max: 20_000_000 }),
  priced: fc.oneof(
    fc.record({ unitPricePaise: fc.integer({ min: 0, max: 30_000_000 }) }),
    fc.record({ markupPercent: fc.integer({ min: 0, max: 50_000 }).map((bp) => bp / 100) }),
  ),
});

describe('quoteTotals', () => {
  it('matches the plain reference for any lines, travellers and GST rate', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(0, 5, 12, 18, 28, 2.5),
        (raw, travellers, gst) => {
          const lines: QuoteLineAmounts[] = raw.map(({ priced, ...l }) => ({ ...l, ...priced }));
          expect(quoteTotals(lines, travellers, gst)).toEqual(reference(lines, travellers, gst));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('rounds a marked-up unit price, the GST and the share per traveller half up, once each', () => {
    const totals = quoteTotals(
      [
        // ₹333.33 at 10 % is ₹366.663 → ₹366.66; twice: ₹733.32.
        { kind: 'hotel', quantity: 2, unitCostPaise: 33_333, markupPercent: 10 },
        // ₹0.05 at 10 % is ₹0.055 → ₹0.06 (half up).
        { kind: 'activity', quantity: 1, unitCostPaise: 5, markupPercent: 10 },
        { kind: 'cab', quantity: 3, unitCostPaise: 150_000, unitPricePaise: 180_000 },
      ],
      3,
      5,
    );
    expect(totals.pricePaise).toBe(73_332 + 6 + 540_000);
    expect(totals.costPaise).toBe(66_666 + 5 + 450_000);
    // 5 % of ₹6,133.38 is ₹306.669 → ₹306.67.
    expect(totals.gstPaise).toBe(30_667);
    expect(totals.totalPaise).toBe(613_338 + 30_667);
    // ₹6,440.05 / 3 = ₹2,146.6833… → ₹2,146.68.
    expect(totals.perTravellerPaise).toBe(214_668);
    expect([totals.hotelCostPaise, totals.cabCostPaise, totals.otherCostPaise]).toEqual([66_666, 450_000, 5]);
  });

  it('adds no GST at 0 % (no GSTIN, D32) and keeps a margin below cost negative', () => {
    const totals = quoteTotals([{ kind: 'other', quantity: 1, unitCostPaise: 1_000, unitPricePaise: 900 }], 1, 0);
    expect(totals).toMatchObject({ gstPaise: 0, totalPaise: 900, marginPaise: -100, perTravellerPaise: 900 });
  });

  it('stays exact where a double would not: the largest lines at a high rate', () => {
    const lines: QuoteLineAmounts[] = Array.from({ length: 100 }, () => ({
      kind: 'hotel' as const,
      quantity: 1_000,
      unitCostPaise: 1_000_000_000,
      markupPercent: 999.99,
    }));
    const totals = quoteTotals(lines, 7, 28);
    // unit price 1e9 × 10.9999 = 10,999,900,000; price 100 × 1000 × that.
    expect(totals.pricePaise).toBe(1_099_990_000_000_000);
    expect(totals.gstPaise).toBe(307_997_200_000_000);
  });
});
