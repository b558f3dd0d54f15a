// D31's reminders: an unpaid instalment mails its customer 3 days before its due day, on it and the day after, each
// once (payment_reminders' primary key, whichever process gets there first), never once paid or while a claim
// waits, and never for an inquiry that is Completed or Only Query. A day the server missed is caught up.
import {
  NO_REMINDER_STATUSES,
  PAYMENT_LIMITS,
  addDays,
  instalmentReference,
  kolkataDate,
  reminderKindOn,
} from '@safarnama/contract';
import { findPayableInquiry } from '../inquiries/inquiry-payments';
import { loadLedgerView, type PaymentContext } from './payment.service';
import { claimReminder, findInquiriesWithInstalmentsDue } from './payment.repository';

/** Writes the reminders owed at `at` to the outbox; answers how many were written. */
export async function sendDueReminders(ctx: PaymentContext, at: number): Promise<number> {
  const today = kolkataDate(at);
  const inquiryIds = await findInquiriesWithInstalmentsDue(
    ctx.db,
    addDays(today, -PAYMENT_LIMITS.reminderDaysAfter),
    addDays(today, PAYMENT_LIMITS.reminderDaysBefore),
    NO_REMINDER_STATUSES,
  );
  let written = 0;
  for (const inquiryId of inquiryIds) {
    written += await ctx.db.transaction().execute(async (trx) => {
      const inquiry = await findPayableInquiry(trx, inquiryId);
      if (!inquiry || (NO_REMINDER_STATUSES as readonly string[]).includes(inquiry.status)) return 0;
      let n = 0;
      for (const i of await loadLedgerView(trx, inquiry, at)) {
        if (i.status === 'paid' || i.status === 'claimed') continue;
        const kind = reminderKindOn(i.dueDate, today);
        if (!kind) continue;
        if (!(await claimReminder(trx, { instalment_id: i._id, kind, due_date: i.dueDate, sent_at: at }))) continue;
        const sent = await ctx.notifier?.reminder(trx, inquiry.id, {
          instalmentId: i._id,
          kind,
          dueDate: i.dueDate,
          amountPaise: Math.round((i.amount - i.paid) * 100),
          reference: instalmentReference(inquiry.quotationNumber, i.number),
        });
        if (sent) n += 1;
      }
      return n;
    });
  }
  if (written > 0) ctx.notifier?.committed();
  return written;
}
