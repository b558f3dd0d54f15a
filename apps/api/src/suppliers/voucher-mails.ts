// Issue 53's "Your vouchers are ready": the customer's mail, written to the D25 outbox in the transaction of the
// answer after which no hotel or cab booking of the trip is waiting any more; once per inquiry. It names only the
// agency's own words (its suppliers, their confirmation numbers) and greets by name only an address the customer
// proved theirs (docs/notifications.md): the inquiry's address may have been typed by anyone.
import { VOUCHER_MAIL_TEXT, VOUCHER_TEXT, type VoucherKind } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { now } from '../lib/clock';
import { findInquiryById } from '../inquiries/inquiry.repository';
import { render, type SiteSettings } from '../notifications/notification-mails';
import { insertOutboxRows } from '../notifications/notification.repository';
import { outboxRow, sentByAddressOwner } from '../notifications/notification.service';

export interface VoucherNotifier {
  vouchersReady(
    trx: DbOrTx,
    inquiryId: string,
    vouchers: readonly { kind: VoucherKind; name: string; confirmationNumber: string }[],
  ): Promise<void>;
}

export function createVoucherNotifier(deps: { site: SiteSettings; emergencyPhone: string }): VoucherNotifier {
  return {
    async vouchersReady(trx, inquiryId, vouchers) {
      const row = await findInquiryById(trx, inquiryId);
      if (!row) return;
      const ownAddress = await sentByAddressOwner(trx, row);
      const mail = render(deps.site, VOUCHER_MAIL_TEXT.subject(deps.site.SITE_NAME), [
        { p: ownAddress ? `Dear ${row.customer_name},` : 'Hello,' },
        { p: VOUCHER_MAIL_TEXT.intro },
        {
          rows: vouchers.map(
            (v) =>
              [
                VOUCHER_TEXT.title[v.kind],
                `${v.name} — ${VOUCHER_TEXT.confirmationNo} ${v.confirmationNumber}`,
              ] as const,
          ),
        },
        { p: VOUCHER_MAIL_TEXT.howToOpen },
        {
          link: `${deps.site.SITE_URL}/inquiries/view/${encodeURIComponent(row.id)}/trip`,
          label: VOUCHER_MAIL_TEXT.openTrip,
        },
        { p: VOUCHER_MAIL_TEXT.emergency(deps.emergencyPhone) },
      ]);
      await insertOutboxRows(trx, [
        outboxRow('vouchers_ready', `vouchers-ready:${row.id}`, row.customer_email, mail, now()),
      ]);
    },
  };
}
