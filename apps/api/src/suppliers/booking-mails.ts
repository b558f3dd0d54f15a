// D33's mails, written to the D25 outbox in the transaction of the step that causes them: the supplier's request
// with its one-use link, and the handler's word (the Owners' when unassigned) of each step. Whoever took the step
// is not told of it: they know already.
import {
  BOOKING_MAIL_TEXT,
  bookingLineText,
  formatShortDate,
  travellersText,
  type SupplierRequest,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { now } from '../lib/clock';
import type { QuotableInquiry } from '../inquiries/inquiry-quotes';
import { render, type SiteSettings } from '../notifications/notification-mails';
import { findHandlerOrOwners, insertOutboxRows } from '../notifications/notification.repository';
import { outboxRow } from '../notifications/notification.service';

export interface BookingNotifier {
  /** The request to the supplier (when it has an address), once per link; false when there is no address. */
  requestToSupplier(
    trx: DbOrTx,
    request: { linkKey: string; email: string; url: string } & Omit<SupplierRequest, 'status' | 'confirmationNumber'>,
  ): Promise<boolean>;
  /** A step (sent, confirmed, declined, confirmed by phone) to the handler, or the Owners when unassigned. */
  stepToHandler(
    trx: DbOrTx,
    step: { key: string; inquiry: QuotableInquiry; event: string; actorId: string | null; allConfirmed: boolean },
  ): Promise<void>;
  /** After the commit: the sender looks at once. */
  committed(): void;
}

const day = (ymd: string) => formatShortDate(`${ymd}T12:00:00+05:30`);

export function createBookingNotifier(deps: { site: SiteSettings; nudge(): void }): BookingNotifier {
  return {
    async requestToSupplier(trx, r) {
      if (!r.email) return false;
      const mail = render(deps.site, BOOKING_MAIL_TEXT.requestSubject(r.agency.name, r.travellerName), [
        { p: BOOKING_MAIL_TEXT.requestGreeting(r.addressedTo, r.agency.name) },
        {
          rows: [
            ['Guest', r.travellerName],
            ['Travellers', travellersText(r.adults, r.kids)],
            ...(r.travelDate ? [['Arrival', day(r.travelDate)] as const] : []),
            ...(r.tourDuration ? [['Duration', r.tourDuration] as const] : []),
          ],
        },
        { rows: r.lines.map((l, i) => [`${i + 1}.`, bookingLineText(l)] as const) },
        { link: r.url, label: BOOKING_MAIL_TEXT.requestLink },
      ]);
      await insertOutboxRows(trx, [outboxRow('booking_request', `booking-request:${r.linkKey}`, r.email, mail, now())]);
      return true;
    },

    async stepToHandler(trx, s) {
      const mail = render(deps.site, BOOKING_MAIL_TEXT.handlerSubject(s.event, s.inquiry.customerName), [
        { p: s.event },
        ...(s.allConfirmed ? [{ p: BOOKING_MAIL_TEXT.allConfirmed }] : []),
        {
          rows: [
            ['Customer', s.inquiry.customerName],
            ['Trip', s.inquiry.location],
            ['Quotation', s.inquiry.quotationNumber],
          ],
        },
        {
          link: `${deps.site.SITE_URL}/inquiries/view/${encodeURIComponent(s.inquiry.id)}#bookings`,
          label: BOOKING_MAIL_TEXT.openInquiry,
        },
      ]);
      const at = now();
      const recipients = (await findHandlerOrOwners(trx, s.inquiry.staffId)).filter((u) => u.id !== s.actorId);
      await insertOutboxRows(
        trx,
        recipients.map((u) => outboxRow('booking_update', `booking-step:${s.key}:${u.id}`, u.email, mail, at)),
      );
    },

    committed: () => deps.nudge(),
  };
}
