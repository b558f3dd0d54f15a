import { describe, expect, it } from 'vitest';
import { DOCUMENT_SERIES, MAX_DOCUMENT_NUMBER_LENGTH, documentNumber, indianFinancialYear } from './document-numbers';
import { fromKolkataLocal } from './kolkata-time';
import { instalmentStatus, paymentSchedule, reminderKindOn, upiPayUri } from './payment-rules';

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
