// D33 what the bookings need of their inquiry, kept in the inquiry domain so suppliers never touch its tables: its
// hotel and cab cost set from the booked costs (with an edit event per field that moved, as a staff edit writes
// them), in the caller's transaction. The report roll-ups follow through migration 006's triggers.
import type { DbOrTx } from '../db/database';
import { newId } from '../lib/ids';
import type { EventActor } from './inquiry-quotes';
import { findInquiryById, insertInquiryEvents, updateInquiryRow } from './inquiry.repository';

const rupees = (paise: number) => String(paise / 100);

export async function applyBookedCosts(
  trx: DbOrTx,
  inquiryId: string,
  actor: EventActor,
  costs: { hotelCostPaise: number; cabCostPaise: number },
  at: number,
): Promise<void> {
  const row = await findInquiryById(trx, inquiryId);
  if (!row) return;
  const moved = (
    [
      ['hotelCost', row.hotel_cost_paise, costs.hotelCostPaise],
      ['cabCost', row.cab_cost_paise, costs.cabCostPaise],
    ] as const
  ).filter(([, from, to]) => from !== to);
  if (moved.length === 0) return;
  await updateInquiryRow(trx, inquiryId, {
    hotel_cost_paise: costs.hotelCostPaise,
    cab_cost_paise: costs.cabCostPaise,
    updated_at: at,
  });
  await insertInquiryEvents(
    trx,
    moved.map(([field, from, to]) => ({
      id: newId(),
      inquiry_id: inquiryId,
      actor_id: actor.id,
      actor_name: actor.name,
      created_at: at,
      type: 'edit' as const,
      field,
      from_value: rupees(from),
      to_value: rupees(to),
    })),
  );
}
