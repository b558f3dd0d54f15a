import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BOOKING_MESSAGES,
  SUPPLIER_MESSAGES,
  fieldErrors,
  supplierBodySchema,
  supplierLinkAnswerBodySchema,
  supplierListQuerySchema,
} from './index';
import { bookedCosts, bookingPayable, sumPayables, type CostedBooking, type CostedLine } from './suppliers';
import { QUOTE_LINE_KINDS } from './quotes-rules';
import { BOOKING_STATUSES } from './suppliers-rules';

const answerErrorsOf = (body: unknown) => {
  const r = supplierLinkAnswerBodySchema.safeParse(body);
  return r.success ? {} : fieldErrors(r.error.issues);
};

describe("a supplier's answer to a booking request (D33)", () => {
  it('wants a confirmation number to confirm and a reason to decline', () => {
    expect(answerErrorsOf({ action: 'confirm', confirmationNumber: ' SVR-1 ' })).toEqual({});
    expect(supplierLinkAnswerBodySchema.parse({ action: 'confirm', confirmationNumber: ' SVR-1 ' })).toMatchObject({
      confirmationNumber: 'SVR-1',
      reason: '',
    });
    expect(answerErrorsOf({ action: 'confirm' })).toEqual({
      confirmationNumber: BOOKING_MESSAGES.confirmationRequired,
    });
    expect(answerErrorsOf({ action: 'decline', reason: '  ' })).toEqual({ reason: BOOKING_MESSAGES.reasonRequired });
    expect(answerErrorsOf({ action: 'cancel' })).toEqual({ action: BOOKING_MESSAGES.actionInvalid });
  });

  it('refuses a line break in a confirmation number but keeps one in a reason', () => {
    expect(Object.keys(answerErrorsOf({ action: 'confirm', confirmationNumber: 'A\nB' }))).toEqual([
      'confirmationNumber',
    ]);
    expect(answerErrorsOf({ action: 'decline', reason: 'Full that week.\nSorry.' })).toEqual({});
  });
});

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

const valid = {
  kind: 'hotel',
  name: '  Snow Valley Resort ',
  city: 'Manali',
  contactPerson: 'Rakesh Thakur',
  phone: '+91 98160 12345',
  email: 'Bookings@SnowValley.example',
};

const errorsOf = (body: unknown) => {
  const r = supplierBodySchema.safeParse(body);
  return r.success ? {} : fieldErrors(r.error.issues);
};

describe('supplier body (D33)', () => {
  it('trims, lower-cases the e-mail, and defaults notes and active', () => {
    const s = supplierBodySchema.parse(valid);
    expect(s).toMatchObject({
      name: 'Snow Valley Resort',
      email: 'bookings@snowvalley.example',
      notes: '',
      active: true,
    });
  });

  it('takes a 10-digit Indian mobile or a number with its country, and refuses anything else', () => {
    expect(errorsOf({ ...valid, phone: '98160 12345' })).toEqual({});
    expect(errorsOf({ ...valid, phone: '+44 20 7946 0958' })).toEqual({});
    for (const phone of ['12345', 'call me', '0123 456', '+91 98160 ext 9']) {
      expect(errorsOf({ ...valid, phone }), phone).toEqual({ phone: SUPPLIER_MESSAGES.phoneInvalid });
    }
  });

  it('refuses a bad e-mail, and wants a phone or an e-mail', () => {
    expect(errorsOf({ ...valid, email: 'not-an-address' })).toEqual({ email: SUPPLIER_MESSAGES.emailInvalid });
    expect(errorsOf({ ...valid, phone: '', email: '' })).toEqual({ phone: SUPPLIER_MESSAGES.contactRequired });
    expect(errorsOf({ ...valid, phone: '', email: 'desk@hotel.example' })).toEqual({});
  });

  it('refuses a missing name or city, an unknown kind and a line break in a name', () => {
    expect(errorsOf({ ...valid, name: ' ', city: '', kind: 'airline' })).toEqual({
      name: SUPPLIER_MESSAGES.nameRequired,
      city: SUPPLIER_MESSAGES.cityRequired,
      kind: SUPPLIER_MESSAGES.kindInvalid,
    });
    expect(Object.keys(errorsOf({ ...valid, name: 'Snow\nValley' }))).toEqual(['name']);
  });
});

describe('supplier list parameters', () => {
  it('treats blanks as no filter and reads active as a boolean', () => {
    expect(supplierListQuerySchema.parse({ q: '', kind: '', city: ' ', active: '' })).toMatchObject({
      page: 1,
      kind: undefined,
      city: undefined,
      active: undefined,
    });
    expect(supplierListQuerySchema.parse({ kind: 'cab', active: 'false' })).toMatchObject({
      kind: 'cab',
      active: false,
    });
    expect(supplierListQuerySchema.safeParse({ kind: 'airline' }).success).toBe(false);
    expect(supplierListQuerySchema.safeParse({ active: 'yes' }).success).toBe(false);
  });
});
