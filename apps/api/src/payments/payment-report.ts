// Issue 52 item 6: the reports' money in, from the ledger: verified payments received in a period (reversed ones
// left out) by month and by mode, and what is outstanding today over every inquiry with a schedule (Only Query
// inquiries aside: they never became trips).
import {
  kolkataDate,
  kolkataDayStart,
  type PaymentMode,
  type PaymentReport,
  type ReportPeriod,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { findScheduledAndPaid, findVerifiedPaymentsBetween } from './payment.repository';

const DAY_MS = 86_400_000;
const rupees = (paise: number) => paise / 100;

export async function getPaymentReport(db: DbOrTx, period: ReportPeriod): Promise<PaymentReport> {
  const rows = await findVerifiedPaymentsBetween(db, kolkataDayStart(period.from), kolkataDayStart(period.to) + DAY_MS);
  const months = new Map<string, { amount: number; count: number }>();
  const modes = new Map<PaymentMode, { amount: number; count: number }>();
  let received = 0;
  for (const r of rows) {
    if (Number(r.reversed) === 1 || r.mode === null) continue;
    const amount = Number(r.amount_paise);
    received += amount;
    for (const [map, key] of [
      [months, kolkataDate(Number(r.received_at)).slice(0, 7)],
      [modes, r.mode],
    ] as const) {
      const tally = (map as Map<string, { amount: number; count: number }>).get(key) ?? { amount: 0, count: 0 };
      tally.amount += amount;
      tally.count += 1;
      (map as Map<string, { amount: number; count: number }>).set(key, tally);
    }
  }
  const owed = (await findScheduledAndPaid(db, ['Only Query'])).map((r) => Math.max(0, r.scheduled - r.paid));
  return {
    received: rupees(received),
    byMonth: [...months.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, t]) => ({ month, amount: rupees(t.amount), count: t.count })),
    byMode: [...modes.entries()]
      .sort((a, b) => b[1].amount - a[1].amount || (a[0] < b[0] ? -1 : 1))
      .map(([mode, t]) => ({ mode, amount: rupees(t.amount), count: t.count })),
    outstanding: rupees(owed.reduce((s, n) => s + n, 0)),
    outstandingInquiries: owed.filter((n) => n > 0).length,
  };
}
