import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bookedCosts, bookingPayable, sumPayables, type CostedBooking, type CostedLine } from './payable-rules';
import { QUOTE_LINE_KINDS } from './quotes-rules';
import { BOOKING_STATUSES } from './booking-rules';

// D33's booked costs and payables arithmetic against references written here in plain code, on random lines,
// bookings and payments.
const suppliers = ['s1', 's2', 's3'];
const lineArb = fc.record({
  kind: fc.constantFrom(...QUOTE_LINE_KINDS),
  supplierId: fc.option(fc.constantFrom(...suppliers), { nil: undefined }),
  quantity: fc.integer({ min: 1, max: 20 }),
  unitCostPaise: fc.integer({ min: 0, max: 50_000_000 }),
});
const bookingsArb = fc.uniqueArray(
  fc.record({
    supplierId: fc.constantFrom(...suppliers),
    status: fc.constantFrom(...BOOKING_STATUSES),
    costPaise: fc.integer({ min: 0, max: 500_000_000 }),
  }),
  { selector: (b) => b.supplierId },
);

/** The total the rule means: each line at its cost, but a supplier with a live booking counted once, at its cost. */
function referenceTotal(lines: CostedLine[], bookings: CostedBooking[]) {
  let total = 0;
  const counted = new Set<string>();
  for (const l of lines) {
    const b = bookings.find((x) => x.supplierId === l.supplierId && x.status !== 'declined');
    if (!b) total += l.quantity * l.unitCostPaise;
    else if (!counted.has(b.supplierId)) {
      counted.add(b.supplierId);
      total += b.costPaise;
    }
  }
  return total;
}

describe('bookedCosts', () => {
  it('adds up to the lines with each live booking at its cost, never below zero', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), bookingsArb, (lines, bookings) => {
        const { hotelCostPaise, cabCostPaise } = bookedCosts(lines, bookings);
        expect(hotelCostPaise + cabCostPaise).toBe(referenceTotal(lines, bookings));
        expect(hotelCostPaise).toBeGreaterThanOrEqual(0);
        expect(cabCostPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("keeps the acceptance's split while every booking costs what its lines do", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), fc.constantFrom(...BOOKING_STATUSES), (lines, status) => {
        const bookings = [...new Set(lines.flatMap((l) => (l.supplierId ? [l.supplierId] : [])))].map((s) => ({
          supplierId: s,
          status,
          costPaise: lines.filter((l) => l.supplierId === s).reduce((t, l) => t + l.quantity * l.unitCostPaise, 0),
        }));
        const hotel = lines.filter((l) => l.kind === 'hotel').reduce((t, l) => t + l.quantity * l.unitCostPaise, 0);
        const rest = lines.filter((l) => l.kind !== 'hotel').reduce((t, l) => t + l.quantity * l.unitCostPaise, 0);
        expect(bookedCosts(lines, bookings)).toEqual({ hotelCostPaise: hotel, cabCostPaise: rest });
      }),
    );
  });

  it('splits a changed cost as the lines are split, the hotel share rounded down', () => {
    const lines: CostedLine[] = [
      { kind: 'hotel', supplierId: 's1', quantity: 3, unitCostPaise: 400_000 },
      { kind: 'activity', supplierId: 's1', quantity: 1, unitCostPaise: 300_000 },
    ];
    expect(bookedCosts(lines, [{ supplierId: 's1', status: 'confirmed', costPaise: 1_350_051 }])).toEqual({
      hotelCostPaise: 1_080_040,
      cabCostPaise: 270_011,
    });
    // Lines costing nothing: the kind of the first line takes it all.
    const free: CostedLine[] = [{ kind: 'cab', supplierId: 's2', quantity: 1, unitCostPaise: 0 }];
    expect(bookedCosts(free, [{ supplierId: 's2', status: 'requested', costPaise: 500 }])).toEqual({
      hotelCostPaise: 0,
      cabCostPaise: 500,
    });
  });
});

describe('bookingPayable and sumPayables', () => {
  it('owes a confirmed booking its cost, and due is owed less paid, summed per supplier', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            status: fc.constantFrom(...BOOKING_STATUSES),
            costPaise: fc.integer({ min: 0, max: 1e9 }),
            paidPaise: fc.integer({ min: 0, max: 1e9 }),
          }),
        ),
        (bookings) => {
          let owed = 0;
          let paid = 0;
          for (const b of bookings) {
            if (b.status === 'confirmed') owed += b.costPaise;
            paid += b.paidPaise;
          }
          expect(sumPayables(bookings.map(bookingPayable))).toEqual({
            owedPaise: owed,
            paidPaise: paid,
            duePaise: owed - paid,
          });
        },
      ),
    );
  });
});
