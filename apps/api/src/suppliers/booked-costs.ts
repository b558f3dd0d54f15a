// D33 "the inquiry's profit and the reports use the booked costs once the bookings exist": the inquiry's hotel and
// cab cost are worked out again from the accepted version's lines and its bookings (bookedCosts in the contract, the
// one rule) whenever a booking's cost or answer moves them. Profit (D7) and the report roll-ups read those columns.
import { bookedCosts } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { applyBookedCosts } from '../inquiries/inquiry-booked-costs';
import type { EventActor } from '../inquiries/inquiry-quotes';
import { findQuoteByInquiry, findVersions } from '../quotes/quote.repository';
import { linesOf } from '../quotes/quote-view';

/** Sets the inquiry's hotel and cab cost from its accepted version and that version's bookings (none: nothing). */
export async function syncBookedCosts(trx: DbOrTx, inquiryId: string, actor: EventActor, at: number): Promise<void> {
  const quote = await findQuoteByInquiry(trx, inquiryId);
  const accepted = quote ? (await findVersions(trx, quote.id)).find((v) => v.status === 'accepted') : undefined;
  if (!accepted) return;
  const bookings = await trx
    .selectFrom('supplier_bookings')
    .select(['supplier_id', 'status', 'cost_paise'])
    .where('version_id', '=', accepted.id)
    .execute();
  if (bookings.length === 0) return;
  const costs = bookedCosts(
    linesOf(accepted),
    bookings.map((b) => ({ supplierId: b.supplier_id, status: b.status, costPaise: Number(b.cost_paise) })),
  );
  await applyBookedCosts(trx, inquiryId, actor, costs, at);
}
