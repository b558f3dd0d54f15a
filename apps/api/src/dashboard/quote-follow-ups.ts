// Issue 51, the back office's My work: the sent quotations waiting on their customer — sent two days ago and never
// opened, or valid through tomorrow only (a day in India) — of the caller's inquiries; an Owner also gets those of
// inquiries nobody handles (unassigned, or their handler removed), as the trip link's mails do.
import {
  BACK_OFFICE_ROLES,
  QUOTE_FOLLOW_UP,
  kolkataDate,
  kolkataDayBounds,
  type QuoteFollowUp,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { now, toIso } from '../lib/clock';
import type { AuthUser } from '../plugins/access';

const HOUR_MS = 3_600_000;

/**
 * Reads the live sent versions only (migration 012's index by validUntil over sent versions: an expired one is
 * past following up), then their quotation and inquiry by primary key. The most urgent first: those expiring
 * tomorrow, then the longest unopened.
 */
export async function findQuoteFollowUps(db: DbOrTx, user: AuthUser, at = now()): Promise<QuoteFollowUp[]> {
  const today = kolkataDate(at);
  const tomorrow = kolkataDate(kolkataDayBounds(at).end);
  const sentBefore = at - QUOTE_FOLLOW_UP.notViewedHours * HOUR_MS;
  const rows = await db
    .selectFrom('quote_versions as v')
    .innerJoin('quotes as q', 'q.id', 'v.quote_id')
    .innerJoin('inquiries as i', 'i.id', 'q.inquiry_id')
    .leftJoin('users as h', 'h.id', 'i.staff_id')
    .select(['i.id', 'i.customer_name', 'i.location', 'v.number', 'v.sent_at', 'v.valid_until', 'v.views'])
    .where('v.status', '=', 'sent')
    .where('v.valid_until', '>=', today)
    .where('i.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb.and([eb('v.views', '=', 0), eb('v.sent_at', '<=', sentBefore)]), eb('v.valid_until', '=', tomorrow)]),
    )
    .where((eb) =>
      user.role === 'Owner'
        ? eb.or([
            eb('i.staff_id', '=', user.id),
            eb('i.staff_id', 'is', null),
            eb('h.id', 'is', null),
            eb('h.disabled_at', 'is not', null),
            eb('h.role', 'not in', BACK_OFFICE_ROLES),
          ])
        : eb('i.staff_id', '=', user.id),
    )
    .orderBy((eb) => eb.case().when('v.valid_until', '=', tomorrow).then(0).else(1).end())
    .orderBy('v.sent_at')
    .orderBy('v.id')
    .limit(QUOTE_FOLLOW_UP.limit)
    .execute();
  return rows.map((r) => ({
    inquiryId: r.id,
    customerName: r.customer_name,
    destination: r.location,
    version: r.number,
    sentAt: toIso(r.sent_at)!,
    validUntil: r.valid_until,
    notViewed: r.views === 0 && r.sent_at !== null && r.sent_at <= sentBefore,
    expiresTomorrow: r.valid_until === tomorrow,
  }));
}
