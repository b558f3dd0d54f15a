import { describe, expect, it } from 'vitest';
import type { Instalment } from '@safarnama/contract/payments';
import { PAYMENT_LIMITS } from '@safarnama/contract/payments-rules';
import {
  addRow,
  amountPaise,
  leftPaise,
  removeRow,
  rowsOf,
  splitRow,
  sumPaise,
  toScheduleBody,
  updateRow,
} from './schedule-draft';

const instalment = (overrides: Partial<Instalment>): Instalment => ({
  _id: 'a',
  number: 1,
  reference: 'Q-1-1',
  amount: 0,
  paid: 0,
  dueDate: '2026-12-02',
  status: 'due',
  ...overrides,
});

describe('the schedule draft (D31)', () => {
  it('reads amounts as rupees with at most two decimals, in paise', () => {
    expect(amountPaise('14658')).toBe(1_465_800);
    expect(amountPaise('0.07')).toBe(7);
    expect(amountPaise(' 100.5 ')).toBe(10_050);
    for (const bad of ['', '0', '-5', '1.234', '1e3', 'abc']) expect(amountPaise(bad)).toBeNull();
  });

  it('splits a row in two on the same day and keeps the sum to the paisa, whatever the amount', () => {
    for (const paise of [2, 3, 101, 999_999, 1_465_801, 36_645_00]) {
      const rows = rowsOf([instalment({ amount: paise / 100 })]);
      const split = splitRow(rows, 0);
      expect(split).toHaveLength(2);
      expect(sumPaise(split)).toBe(paise);
      expect(split.map((r) => r.dueDate)).toEqual(['2026-12-02', '2026-12-02']);
      expect(amountPaise(split[0]!.amount)! - amountPaise(split[1]!.amount)!).toBeLessThanOrEqual(1);
    }
  });

  it('leaves a paid row, an unreadable amount and a full schedule unsplit', () => {
    const paid = rowsOf([instalment({ amount: 1000, paid: 400 })]);
    expect(splitRow(paid, 0)).toHaveLength(1);
    expect(updateRow(paid, 0, { amount: '5', dueDate: '2027-01-01' })).toEqual(paid);
    expect(removeRow([...paid, ...rowsOf([instalment({ amount: 5 })])], 0)).toHaveLength(2);
    const blank = updateRow(rowsOf([instalment({ amount: 10 })]), 0, { amount: '' });
    expect(splitRow(blank, 0)).toHaveLength(1);
    let full = rowsOf([instalment({ amount: 4096 })]);
    while (full.length < PAYMENT_LIMITS.instalments) full = splitRow(full, 0);
    expect(splitRow(full, 0)).toHaveLength(PAYMENT_LIMITS.instalments);
    expect(addRow(full, 409_600)).toHaveLength(PAYMENT_LIMITS.instalments);
    expect(sumPaise(full)).toBe(409_600);
  });

  it('moves a date, says what is left, adds what is left, and sends the rows as typed', () => {
    let rows = rowsOf([
      instalment({ amount: 14658 }),
      instalment({ _id: 'b', number: 2, amount: 21987, dueDate: '2027-01-11' }),
    ]);
    rows = updateRow(rows, 1, { dueDate: '2027-01-05' });
    rows = updateRow(rows, 0, { amount: '10000' });
    expect(leftPaise(rows, 3_664_500)).toBe(465_800);
    rows = addRow(rows, 3_664_500);
    expect(rows[2]).toMatchObject({ amount: '4658', dueDate: '2027-01-05' });
    expect(leftPaise(rows, 3_664_500)).toBe(0);
    expect(toScheduleBody(rows)).toEqual({
      instalments: [
        { amount: 10000, dueDate: '2026-12-02' },
        { amount: 21987, dueDate: '2027-01-05' },
        { amount: 4658, dueDate: '2027-01-05' },
      ],
    });
    expect(removeRow(rows, 2)).toHaveLength(2);
  });
});
