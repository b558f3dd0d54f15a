// D31's mails, written to the D25 outbox in the transaction of the change that causes them: the handler's (the
// Owners' when unassigned) word of a customer's claim, the customer's receipt and reminders. Customer mails name
// only the agency's own words, amounts and references: the inquiry's address may have been typed by anyone
// (docs/notifications.md), so nothing the visitor typed goes back to it.
import {
  PAYMENT_MAIL_TEXT,
  PAYMENT_MODE_LABELS,
  formatRupees,
  formatShortDate,
  type PaymentMode,
  type ReminderKind,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { now } from '../lib/clock';
import { findInquiryById } from '../inquiries/inquiry.repository';
import { render, type Block, type SiteSettings } from '../notifications/notification-mails';
import { findHandlerOrOwners, insertOutboxRows, isUnsubscribed } from '../notifications/notification.repository';
import { outboxRow, unsubscribeToken } from '../notifications/notification.service';

export interface PaymentNotifier {
  claimed(
    trx: DbOrTx,
    inquiryId: string,
    claim: { paymentId: string; reference: string; amountPaise: number; utr: string },
  ): Promise<void>;
  receipt(
    trx: DbOrTx,
    inquiryId: string,
    receipt: { paymentId: string; number: string; amountPaise: number; mode: PaymentMode; receivedAt: number },
  ): Promise<void>;
  /** False when the customer stopped mails about their inquiries (the reminder is then not sent). */
  reminder(
    trx: DbOrTx,
    inquiryId: string,
    due: { instalmentId: string; kind: ReminderKind; dueDate: string; amountPaise: number; reference: string },
  ): Promise<boolean>;
  /** After the commit: the sender looks at once. */
  committed(): void;
}

const rupees = (paise: number) => formatRupees(paise / 100);
const day = (ymd: string) => formatShortDate(`${ymd}T12:00:00+05:30`);

export function createPaymentNotifier(deps: {
  site: SiteSettings;
  unsubscribeKey: Buffer;
  nudge(): void;
}): PaymentNotifier {
  const unsubscribeUrl = (email: string) =>
    `${deps.site.SITE_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.unsubscribeKey, email))}`;
  const howToPay: Block = { p: PAYMENT_MAIL_TEXT.howToPay };
  return {
    async claimed(trx, inquiryId, claim) {
      const row = await findInquiryById(trx, inquiryId);
      if (!row) return;
      const mail = render(deps.site, PAYMENT_MAIL_TEXT.claimSubject(row.customer_name), [
        { p: PAYMENT_MAIL_TEXT.claim(row.customer_name, rupees(claim.amountPaise), claim.reference, claim.utr) },
        {
          rows: [
            ['Trip', row.location],
            ['Reference', claim.reference],
            ['UTR', claim.utr],
          ],
        },
        { link: `${deps.site.SITE_URL}/inquiries/edit/${encodeURIComponent(row.id)}`, label: 'Open the inquiry' },
      ]);
      const at = now();
      const recipients = await findHandlerOrOwners(trx, row.staff_id);
      await insertOutboxRows(
        trx,
        recipients.map((u) =>
          outboxRow('payment_claimed', `payment-claimed:${claim.paymentId}:${u.id}`, u.email, mail, at),
        ),
      );
    },

    async receipt(trx, inquiryId, r) {
      const row = await findInquiryById(trx, inquiryId);
      if (!row) return;
      // Asked for, like the inquiry's receipt: sent even to an address that stopped the status notes.
      const unsubscribe = unsubscribeUrl(row.customer_email);
      const mail = render(
        deps.site,
        PAYMENT_MAIL_TEXT.receiptSubject(deps.site.SITE_NAME, r.number),
        [
          { p: PAYMENT_MAIL_TEXT.receipt(rupees(r.amountPaise), r.number) },
          {
            rows: [
              ['Receipt', r.number],
              ['Amount', rupees(r.amountPaise)],
              ['Paid by', PAYMENT_MODE_LABELS[r.mode]],
              ['Received', formatShortDate(new Date(r.receivedAt).toISOString())],
            ],
          },
          { p: PAYMENT_MAIL_TEXT.receiptOnTripPage },
        ],
        unsubscribe,
      );
      await insertOutboxRows(trx, [
        outboxRow('payment_receipt', `payment-receipt:${r.paymentId}`, row.customer_email, mail, now(), unsubscribe, {
          paper: 'receipt',
          id: r.paymentId,
        }),
      ]);
    },

    async reminder(trx, inquiryId, due) {
      const row = await findInquiryById(trx, inquiryId);
      if (!row || (await isUnsubscribed(trx, row.customer_email))) return false;
      const unsubscribe = unsubscribeUrl(row.customer_email);
      const amount = rupees(due.amountPaise);
      const text =
        due.kind === 'before'
          ? PAYMENT_MAIL_TEXT.reminder.before(amount, day(due.dueDate))
          : due.kind === 'on'
            ? PAYMENT_MAIL_TEXT.reminder.on(amount)
            : PAYMENT_MAIL_TEXT.reminder.after(amount, day(due.dueDate));
      const mail = render(
        deps.site,
        PAYMENT_MAIL_TEXT.reminderSubject(deps.site.SITE_NAME, amount),
        [
          { p: text },
          {
            rows: [
              ['Reference', due.reference],
              ['Amount', amount],
              ['Due', day(due.dueDate)],
            ],
          },
          howToPay,
        ],
        unsubscribe,
      );
      await insertOutboxRows(trx, [
        outboxRow(
          'payment_reminder',
          `payment-reminder:${due.instalmentId}:${due.dueDate}:${due.kind}`,
          row.customer_email,
          mail,
          now(),
          unsubscribe,
        ),
      ]);
      return true;
    },

    committed: () => deps.nudge(),
  };
}
