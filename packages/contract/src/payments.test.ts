import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_SERIES,
  GST_STATES,
  GST_STATE_CODE,
  MAX_DOCUMENT_NUMBER_LENGTH,
  amountInWords,
  creditNoteAmounts,
  documentNumber,
  fromKolkataLocal,
  gstSplit,
  gstState,
  gstStateLabel,
  gstinCheckCharacter,
  gstinState,
  indianFinancialYear,
  instalmentStatus,
  isValidGstin,
  kolkataDate,
  kolkataDateTime,
  kolkataDayBounds,
  kolkataDayStart,
  paymentSchedule,
  reminderKindOn,
  toKolkataLocal,
  upiPayUri,
  type GstAmounts,
} from './payments-rules';

// D32's GST rules: the GSTIN check character, the tax split, the states' codes and the amount in words, the last
// against a plain implementation written here another way (by the digits of the number as a string).
describe('GSTIN', () => {
  it('accepts GSTINs whose check character is right', () => {
    // python-stdnum's example, and a Jaipur tour operator's GSTIN quoted in an AAR ruling.
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('08AAJFC6249G1ZA')).toBe(true);
    expect(gstinState('27AAPFU0939F1ZV')).toBe('27');
  });

  it('computes the worked example of the reference step by step', () => {
    // Sum 221, 221 mod 36 = 5, (36 − 5) mod 36 = 31 → 'V'.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a wrong check character, a bad shape or a state that is not one', () => {
    for (const bad of [
      '27AAPFU0939F1ZW', // check character off by one
      '27AAPFU0939F1Z', // 14 characters
      '27AAPFU0939F1ZVV',
      '27aapfu0939f1zv', // lower case: the config upper-cases before checking
      ' 27AAPFU0939F1ZV',
      '27AAPXU0939F1ZV', // 4th PAN character is no holder type
      '27AAPFU0939F1YV', // 14th must be Z
      '27AAPFU0939F0ZV', // entity number 0
      '',
    ]) {
      expect(isValidGstin(bad), bad).toBe(false);
    }
    // A right check character on a state code that is not today's: 00, the retired 25 and 28, and 99.
    for (const state of ['00', '25', '28', '99', '39']) {
      const first14 = `${state}AAPFU0939F1Z`;
      expect(isValidGstin(first14 + gstinCheckCharacter(first14)), state).toBe(false);
    }
  });

  it('accepts exactly one check character for any well-formed start (property)', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const digit = fc.constantFrom(...'0123456789');
    const first14 = fc
      .tuple(
        fc.constantFrom(...GST_STATES.map((s) => s.code)),
        fc.array(letter, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...'ABCFGHLJPTK'),
        letter,
        fc.array(digit, { minLength: 4, maxLength: 4 }),
        letter,
        fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      )
      .map(([s, l3, t, l, d4, l2, e]) => `${s}${l3.join('')}${t}${l}${d4.join('')}${l2}${e}Z`);
    fc.assert(
      fc.property(first14, (start) => {
        const good = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => isValidGstin(start + c));
        expect(good).toEqual([gstinCheckCharacter(start)]);
      }),
    );
  });
});

describe('states and union territories', () => {
  it('lists the 28 states and 8 union territories once each, by two-digit code', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
    expect(GST_STATES.every((s) => /^\d{2}$/.test(s.code))).toBe(true);
    expect(gstState('38')?.name).toBe('Ladakh');
    expect(gstState('25')).toBeUndefined();
    expect(gstStateLabel('27')).toBe('Maharashtra (27)');
  });

  it("agrees with the inquiry schemas' pattern of codes, 00 to 99", () => {
    for (let n = 0; n < 100; n++) {
      const code = String(n).padStart(2, '0');
      expect(GST_STATE_CODE.test(code), code).toBe(gstState(code) !== undefined);
    }
  });
});

describe('gstSplit', () => {
  it('halves the tax within the state and gives the odd paisa to the state half', () => {
    expect(gstSplit(1001, '27', '27')).toEqual({
      kind: 'intra',
      cgstPaise: 500,
      sgstPaise: 501,
      igstPaise: 0,
      stateTaxName: 'SGST',
    });
    expect(gstSplit(1000, '04', '04')).toMatchObject({ cgstPaise: 500, sgstPaise: 500, stateTaxName: 'UTGST' });
  });

  it('charges IGST between states', () => {
    expect(gstSplit(1001, '27', '29')).toMatchObject({ kind: 'inter', cgstPaise: 0, sgstPaise: 0, igstPaise: 1001 });
  });

  it('always adds up to the tax (property)', () => {
    const code = fc.constantFrom(...GST_STATES.map((s) => s.code));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), code, code, (tax, a, b) => {
        const s = gstSplit(tax, a, b);
        expect(s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(tax);
        expect(s.sgstPaise - s.cgstPaise).toBeGreaterThanOrEqual(0);
        expect(s.sgstPaise - s.cgstPaise).toBeLessThanOrEqual(1);
        expect(s.kind === 'intra').toBe(a === b);
      }),
    );
  });
});

// A plain implementation by the digits: the last seven digits as lakh, thousand, hundred and the last pair, the
// digits before them as a number of crores.
const SMALL =
  'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen'.split(
    ' ',
  );
const TENS: Record<string, string> = {
  '2': 'Twenty',
  '3': 'Thirty',
  '4': 'Forty',
  '5': 'Fifty',
  '6': 'Sixty',
  '7': 'Seventy',
  '8': 'Eighty',
  '9': 'Ninety',
};
function pair(two: string): string[] {
  const n = Number(two);
  if (n === 0) return [];
  if (n < 20) return [SMALL[n]!];
  return two[1] === '0' ? [TENS[two[0]!]!] : [TENS[two[0]!]!, SMALL[Number(two[1])]!];
}
function referenceWords(digits: string): string[] {
  if (digits.length > 7) {
    const head = referenceWords(digits.slice(0, -7).replace(/^0+/, ''));
    return [...(head.length ? [...head, 'Crore'] : []), ...referenceWords(digits.slice(-7))];
  }
  const d = digits.padStart(7, '0');
  const out: string[] = [];
  if (d.slice(0, 2) !== '00') out.push(...pair(d.slice(0, 2)), 'Lakh');
  if (d.slice(2, 4) !== '00') out.push(...pair(d.slice(2, 4)), 'Thousand');
  if (d[4] !== '0') out.push(SMALL[Number(d[4])]!, 'Hundred');
  out.push(...pair(d.slice(5)));
  return out;
}
function referenceAmount(paise: number): string {
  const s = String(paise).padStart(3, '0');
  const rupees = referenceWords(s.slice(0, -2).replace(/^0+/, ''));
  const p = pair(s.slice(-2));
  return ['Rupees', ...(rupees.length ? rupees : ['Zero']), ...(p.length ? ['and', ...p, 'Paise'] : []), 'Only'].join(
    ' ',
  );
}

describe('amountInWords', () => {
  it('writes the Indian system', () => {
    expect(amountInWords(120_000_00)).toBe('Rupees One Lakh Twenty Thousand Only');
    expect(amountInWords(120_000_50)).toBe('Rupees One Lakh Twenty Thousand and Fifty Paise Only');
    expect(amountInWords(1_23_45_678_90)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only',
    );
    expect(amountInWords(47_250_00)).toBe('Rupees Forty Seven Thousand Two Hundred Fifty Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(1_000_00_00_000_00)).toBe('Rupees One Thousand Crore Only');
    expect(amountInWords(1_100_00)).toBe('Rupees One Thousand One Hundred Only');
    expect(amountInWords(1_001_00)).toBe('Rupees One Thousand One Only');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });

  it('agrees with a plain implementation (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 10_000_000_00 }), fc.maxSafeNat()), (paise) => {
        expect(amountInWords(paise)).toBe(referenceAmount(paise));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('creditNoteAmounts', () => {
  const zero: GstAmounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  const add = (a: GstAmounts, b: GstAmounts): GstAmounts => ({
    taxablePaise: a.taxablePaise + b.taxablePaise,
    cgstPaise: a.cgstPaise + b.cgstPaise,
    sgstPaise: a.sgstPaise + b.sgstPaise,
    igstPaise: a.igstPaise + b.igstPaise,
    totalPaise: a.totalPaise + b.totalPaise,
  });

  it('credits in the invoice’s proportion and adds up to it once fully credited (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e10 }),
        fc.constantFrom(0, 500, 1200, 1800),
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        (taxable, bp, intra, shares) => {
          const tax = Math.floor((taxable * bp + 5000) / 10_000);
          const split = (t: number) => gstSplit(t, '27', intra ? '27' : '29');
          const { cgstPaise, sgstPaise, igstPaise } = split(tax);
          const invoice: GstAmounts = {
            taxablePaise: taxable,
            cgstPaise,
            sgstPaise,
            igstPaise,
            totalPaise: taxable + tax,
          };
          let credited = zero;
          for (const share of [...shares, 1]) {
            const left = invoice.totalPaise - credited.totalPaise;
            if (left === 0) break;
            const amount = Math.max(1, Math.min(left, Math.round(left * share)));
            const note = creditNoteAmounts(amount, invoice, credited, split);
            expect(note.totalPaise).toBe(amount);
            expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(amount);
            for (const v of Object.values(note)) expect(v).toBeGreaterThanOrEqual(0);
            credited = add(credited, note);
          }
          expect(credited).toEqual(invoice);
        },
      ),
      { numRuns: 500 },
    );
  });
});

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

describe('D31 payment rules', () => {
  it('builds the one UPI URI with exact amount and a percent-encoded note', () => {
    expect(
      upiPayUri({
        pa: 'safarnama@okaxis',
        pn: 'Safar Nama',
        amountPaise: 1_234_550,
        note: 'Advance Goa',
        reference: 'Q-20260412-3F9A2C-1',
      }),
    ).toBe(
      'upi://pay?pa=safarnama%40okaxis&pn=Safar%20Nama&am=12345.50&cu=INR&tn=Advance%20Goa&tr=Q-20260412-3F9A2C-1',
    );
    expect(() =>
      upiPayUri({ pa: 'a@b', pn: 'x', amountPaise: 100, note: '', reference: 'RCT/2026-27/0001' }),
    ).toThrow();
    expect(() => upiPayUri({ pa: 'a@b', pn: 'x', amountPaise: 0, note: '', reference: 'A-1' })).toThrow();
  });

  it('splits 40/60 with the balance a day before travel, or at once when travel is sooner', () => {
    const at = fromKolkataLocal('2026-05-01T10:00');
    expect(paymentSchedule(100_001, 40, at, '2026-06-10')).toEqual([
      { amountPaise: 40_000, dueDate: '2026-05-01' },
      { amountPaise: 60_001, dueDate: '2026-06-09' },
    ]);
    expect(paymentSchedule(100_000, 40, at, '2026-05-02')).toEqual([
      { amountPaise: 40_000, dueDate: '2026-05-01' },
      { amountPaise: 60_000, dueDate: '2026-05-01' },
    ]);
    expect(paymentSchedule(100_000, 100, at, null)).toEqual([{ amountPaise: 100_000, dueDate: '2026-05-01' }]);
    expect(paymentSchedule(0, 40, at, null)).toEqual([]);
  });

  it('tells paid, claimed, overdue and due apart', () => {
    const i = { amountPaise: 100, paidPaise: 0, claimed: false, dueDate: '2026-05-01' };
    expect(instalmentStatus(i, '2026-05-01')).toBe('due');
    expect(instalmentStatus(i, '2026-05-02')).toBe('overdue');
    expect(instalmentStatus({ ...i, claimed: true }, '2026-05-02')).toBe('claimed');
    expect(instalmentStatus({ ...i, paidPaise: 100, claimed: true }, '2026-05-02')).toBe('paid');
  });

  it('owes a reminder 3 days before, on and the day after the due day', () => {
    expect(reminderKindOn('2026-05-10', '2026-05-06')).toBeUndefined();
    expect(reminderKindOn('2026-05-10', '2026-05-07')).toBe('before');
    expect(reminderKindOn('2026-05-10', '2026-05-09')).toBe('before');
    expect(reminderKindOn('2026-05-10', '2026-05-10')).toBe('on');
    expect(reminderKindOn('2026-05-10', '2026-05-11')).toBe('after');
    expect(reminderKindOn('2026-05-10', '2026-05-12')).toBeUndefined();
  });

  it('numbers papers per Indian financial year, in India time', () => {
    expect(indianFinancialYear(fromKolkataLocal('2027-03-31T23:59'))).toBe('2026-27');
    expect(indianFinancialYear(fromKolkataLocal('2027-04-01T00:00'))).toBe('2027-28');
    expect(indianFinancialYear(fromKolkataLocal('2099-12-31T00:00'))).toBe('2099-00');
    expect(documentNumber('RCT', '2026-27', 1)).toBe('RCT/2026-27/0001');
    expect(documentNumber('INV', '2026-27', 9999)).toBe('INV/2026-27/9999');
    expect(documentNumber('INV', '2026-27', 12345)).toBe('INV/26-27/12345');
  });

  it('keeps every serial within Rule 46’s 16 characters of letters, digits, - and /', () => {
    for (const series of DOCUMENT_SERIES)
      for (const seq of [1, 42, 999, 9999, 10_000, 99_999, 999_999]) {
        const n = documentNumber(series, '2026-27', seq);
        expect(n.length, n).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
        expect(n).toMatch(/^[A-Z0-9/-]+$/);
      }
  });
});
