// The schedule editor's rows and their arithmetic (D31): amounts as typed, the sum kept in paise so that a split
// never loses or makes a paisa, and the live check against the total before anything is sent.
import type { Instalment, ScheduleBody } from '@safarnama/contract/payments';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES } from '@safarnama/contract/payments-rules';
import { rupeesToPaise } from '@safarnama/contract/quotes-rules';

export interface DraftRow {
  /** A key for React that survives splits and removals. */
  key: string;
  /** Rupees as typed. */
  amount: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** What the verified payments already cover (rupees): such a row keeps its amount and date (the server's rule). */
  paid: number;
}

let nextKey = 0;
const newKey = () => `row-${(nextKey += 1)}`;

/** Paise with two decimals as the amount input shows them: 1234550 → '12345.50', 1200000 → '12000'. */
const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** A typed amount in paise, or null when it is not a positive amount with at most two decimals. */
export function amountPaise(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const paise = rupeesToPaise(Number(value));
  return paise > 0 ? paise : null;
}

/** The rows of a schedule; without one, a single row of the whole total due `today` to start from. */
export const rowsOf = (instalments: readonly Instalment[], totalPaise = 0, today = ''): DraftRow[] =>
  instalments.length === 0
    ? [{ key: newKey(), amount: totalPaise > 0 ? rupeesText(totalPaise) : '', dueDate: today, paid: 0 }]
    : instalments.map((i) => ({
        key: newKey(),
        amount: rupeesText(rupeesToPaise(i.amount)),
        dueDate: i.dueDate,
        paid: i.paid,
      }));

/** A row is fixed once any of it is paid: its amount and date stay as they are. */
export const isLocked = (row: DraftRow) => row.paid > 0;

export const canAddRow = (rows: readonly DraftRow[]) => rows.length < PAYMENT_LIMITS.instalments;

/**
 * Splits a row in two with the same due date: the first keeps the larger half (the odd paisa), the second is
 * placed after it, so the sum is unchanged. A row without a valid amount, a paid one or a full schedule stays.
 */
export function splitRow(rows: readonly DraftRow[], index: number): DraftRow[] {
  const row = rows[index];
  const paise = row ? amountPaise(row.amount) : null;
  if (!row || paise === null || paise < 2 || isLocked(row) || !canAddRow(rows)) return [...rows];
  const second = Math.floor(paise / 2);
  const first = paise - second;
  return [
    ...rows.slice(0, index),
    { ...row, amount: rupeesText(first) },
    { key: newKey(), amount: rupeesText(second), dueDate: row.dueDate, paid: 0 },
    ...rows.slice(index + 1),
  ];
}

/** A new last row holding what is left to schedule (blank when nothing is), due with the last one. */
export function addRow(rows: readonly DraftRow[], totalPaise: number): DraftRow[] {
  if (!canAddRow(rows)) return [...rows];
  const left = totalPaise - sumPaise(rows);
  const last = rows.at(-1);
  return [...rows, { key: newKey(), amount: left > 0 ? rupeesText(left) : '', dueDate: last?.dueDate ?? '', paid: 0 }];
}

export const removeRow = (rows: readonly DraftRow[], index: number): DraftRow[] =>
  rows.length <= 1 || isLocked(rows[index]!) ? [...rows] : rows.filter((_, i) => i !== index);

export const updateRow = (
  rows: readonly DraftRow[],
  index: number,
  change: Partial<Pick<DraftRow, 'amount' | 'dueDate'>>,
) => rows.map((row, i) => (i === index && !isLocked(row) ? { ...row, ...change } : row));

/** The sum of the rows' valid amounts, in paise. */
export const sumPaise = (rows: readonly DraftRow[]) => rows.reduce((sum, r) => sum + (amountPaise(r.amount) ?? 0), 0);

/** What is left to schedule (negative: too much), in paise. */
export const leftPaise = (rows: readonly DraftRow[], totalPaise: number) => totalPaise - sumPaise(rows);

/** Each row's problem, if any: an amount that is not a positive amount, or a missing date. */
export function rowErrors(rows: readonly DraftRow[]): { amount?: string; dueDate?: string }[] {
  return rows.map((r) => ({
    amount: amountPaise(r.amount) === null ? PAYMENT_MESSAGES.amountPositive : undefined,
    dueDate: /^\d{4}-\d{2}-\d{2}$/.test(r.dueDate) ? undefined : PAYMENT_MESSAGES.dueDateInvalid,
  }));
}

/** The PUT body, in the schedule's order (earliest due first, as the server numbers them). */
export const toScheduleBody = (rows: readonly DraftRow[]): ScheduleBody => ({
  instalments: rows.map((r) => ({ amount: (amountPaise(r.amount) ?? 0) / 100, dueDate: r.dueDate })),
});
