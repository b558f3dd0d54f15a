// Issue 51: the inquiry list's word on each row's sent quotation, looked up for the page's ids only (at most a page
// of them) after the list engine has found the page, so no sort, count or cached set ever joins the quotations.
import type { InquiryQuotation } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { toIso } from '../lib/clock';
import { statusOf } from './quote-view';

/**
 * The version each inquiry's trip link shows (the accepted one, else the sent one) with its views, by inquiry id;
 * an inquiry with no sent version is absent. One query: quotes' unique inquiry_id, then the versions of each.
 */
export async function findShownQuotations(
  db: DbOrTx,
  inquiryIds: readonly string[],
  at: number,
): Promise<Map<string, InquiryQuotation>> {
  const shown = new Map<string, InquiryQuotation>();
  if (inquiryIds.length === 0) return shown;
  const rows = await db
    .selectFrom('quotes as q')
    .innerJoin('quote_versions as v', 'v.quote_id', 'q.id')
    .select(['q.inquiry_id', 'v.number', 'v.status', 'v.valid_until', 'v.sent_at', 'v.views', 'v.last_viewed_at'])
    .where('q.inquiry_id', 'in', [...inquiryIds])
    .where('v.status', 'in', ['sent', 'accepted'])
    .execute();
  for (const row of rows) {
    // Accepting turns the sent version into the accepted one, so there is one of the two; the accepted wins anyway.
    if (shown.get(row.inquiry_id)?.status === 'accepted') continue;
    shown.set(row.inquiry_id, {
      version: row.number,
      // A sent or accepted row reads as sent, expired or accepted.
      status: statusOf(row, at) as InquiryQuotation['status'],
      sentAt: toIso(row.sent_at),
      views: row.views,
      lastViewedAt: toIso(row.last_viewed_at),
    });
  }
  return shown;
}
