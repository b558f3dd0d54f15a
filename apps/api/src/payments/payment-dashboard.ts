// D31 on the dashboards: the unpaid instalments due within PAYMENT_LIMITS.dueSoonDays and those overdue, with what is
// left to pay and their inquiry. Staff see the inquiries they handle; the Owner sees every inquiry. Completed and
// Only Query inquiries are left out, as the reminders leave them.
import {
  NO_REMINDER_STATUSES,
  PAYMENT_LIMITS,
  addDays,
  instalmentReference,
  kolkataDate,
  type DashboardInstalment,
  type DashboardPayments,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { now } from '../lib/clock';
import type { AuthUser } from '../plugins/access';
import { findPayableInquiry } from '../inquiries/inquiry-payments';
import { findInquiriesDueBy } from './payment.repository';
import { loadLedgerView } from './payment.service';

const byDue = (a: DashboardInstalment, b: DashboardInstalment) =>
  a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.inquiryId < b.inquiryId ? -1 : 1;

/** GET /api/dashboard/payments. */
export async function findDuePayments(db: DbOrTx, user: AuthUser, at = now()): Promise<DashboardPayments> {
  const today = kolkataDate(at);
  const lastDay = addDays(today, PAYMENT_LIMITS.dueSoonDays);
  const inquiries = await findInquiriesDueBy(db, lastDay, NO_REMINDER_STATUSES, user.role === 'Owner' ? null : user.id);
  const dueThisWeek: DashboardInstalment[] = [];
  const overdue: DashboardInstalment[] = [];
  for (const row of inquiries) {
    const inquiry = await findPayableInquiry(db, row.id);
    if (!inquiry) continue;
    for (const i of await loadLedgerView(db, inquiry, at)) {
      if (i.status === 'paid' || i.dueDate > lastDay) continue;
      const entry: DashboardInstalment = {
        inquiryId: row.id,
        customerName: row.customer_name,
        destination: row.location,
        reference: instalmentReference(inquiry.quotationNumber, i.number),
        amount: Math.round((i.amount - i.paid) * 100) / 100,
        dueDate: i.dueDate,
        status: i.status,
      };
      (i.dueDate < today ? overdue : dueThisWeek).push(entry);
    }
  }
  const sum = (list: DashboardInstalment[]) => Math.round(list.reduce((s, e) => s + e.amount * 100, 0)) / 100;
  return {
    dueThisWeek: dueThisWeek.sort(byDue).slice(0, PAYMENT_LIMITS.dashboardLimit),
    overdue: overdue.sort(byDue).slice(0, PAYMENT_LIMITS.dashboardLimit),
    dueThisWeekTotal: sum(dueThisWeek),
    overdueTotal: sum(overdue),
  };
}
