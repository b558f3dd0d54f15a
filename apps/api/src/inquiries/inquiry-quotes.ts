// What a quotation (D30) needs of its inquiry, kept in the inquiry domain so quotes never touch the inquiry tables:
// the trip it prices, a line in its timeline, and the acceptance (Booking Pending and the money fields), each
// written in the caller's transaction.
import { kolkataDate, QUOTE_EVENT_FIELD } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import { can } from './inquiry.policy';
import {
  findInquiryById,
  insertInquiryEvents,
  updateInquiryRow,
  type InquiryEventRow,
  type InquiryRow,
} from './inquiry.repository';

export interface QuotableInquiry {
  id: string;
  customerName: string;
  location: string;
  travelDate: string | null;
  tourDuration: string;
  adults: number;
  kids: number;
  staffId: string | null;
  staffName: string;
  packageId: string | null;
  /** D27's number of the inquiry's quotation paper. */
  quotationNumber: string;
}

/** D27: a stable number per inquiry: the day it was received and the tail of its id, e.g. Q-20250412-3F9A2C. */
export const quotationNumber = (id: string, createdAt: number) =>
  `Q-${kolkataDate(createdAt).replaceAll('-', '')}-${id.replace(/-/g, '').slice(-6).toUpperCase()}`;

/** A visible (not deleted) inquiry as a quotation reads it. */
export async function findQuotableInquiry(db: DbOrTx, id: string): Promise<QuotableInquiry | undefined> {
  const row = await findInquiryById(db, id);
  return row ? quotableOf(row) : undefined;
}

/**
 * The same, only when `user` may read the inquiry (D5: a Customer their own, the back office any); undefined for a
 * malformed id or someone else's inquiry, so the caller answers 404 and says nothing of it.
 */
export async function findReadableQuotableInquiry(
  db: DbOrTx,
  user: AuthUser,
  id: string,
): Promise<QuotableInquiry | undefined> {
  const row = isId(id) ? await findInquiryById(db, id) : undefined;
  return row && can(user, 'read', row) ? quotableOf(row) : undefined;
}

/** An inquiry row as a quotation reads it. */
export function quotableOf(row: InquiryRow): QuotableInquiry {
  return {
    id: row.id,
    customerName: row.customer_name,
    location: row.location,
    travelDate: row.travel_date,
    tourDuration: row.tour_duration,
    adults: row.adults,
    kids: row.kids,
    staffId: row.staff_id,
    staffName: row.staff_name,
    packageId: row.package_id,
    quotationNumber: quotationNumber(row.id, row.created_at),
  };
}

export interface EventActor {
  /** null: the customer, through the trip link; their account when they answer signed in. */
  id: string | null;
  name: string;
}

type NewEvent = Omit<InquiryEventRow, 'id' | 'inquiry_id' | 'actor_id' | 'actor_name' | 'created_at'>;

async function writeEvents(trx: DbOrTx, inquiryId: string, actor: EventActor, at: number, events: NewEvent[]) {
  await insertInquiryEvents(
    trx,
    events.map((e) => ({
      ...e,
      id: newId(),
      inquiry_id: inquiryId,
      actor_id: actor.id,
      actor_name: actor.name,
      created_at: at,
    })),
  );
}

/** A quotation's line in the timeline: a staff-only note marked as the quotation's (QUOTE_EVENT_FIELD). */
const quoteNote = (text: string): NewEvent => ({
  type: 'note',
  field: QUOTE_EVENT_FIELD,
  from_value: null,
  to_value: text.normalize('NFC'),
});

/** A staff-only line in the inquiry's timeline (a quotation sent, a change asked for); it touches the inquiry. */
export async function recordQuoteNote(trx: DbOrTx, inquiryId: string, actor: EventActor, text: string, at: number) {
  await writeEvents(trx, inquiryId, actor, at, [quoteNote(text)]);
  await updateInquiryRow(trx, inquiryId, { updated_at: at });
}

export interface AcceptedMoney {
  tpcPaise: number;
  totalRevenuePaise: number;
  hotelCostPaise: number;
  cabCostPaise: number;
}

const rupees = (paise: number) => String(paise / 100);
const ACCEPTED_STATUS = 'Booking Pending';

/**
 * D30: an accepted quotation sets Booking Pending and the money fields, with a note, the status change and an edit
 * event per money field that changed (as a staff edit would write them), in the caller's transaction.
 */
export async function applyAcceptedQuote(
  trx: DbOrTx,
  inquiryId: string,
  actor: EventActor,
  money: AcceptedMoney,
  note: string,
  at: number,
) {
  const row = await findInquiryById(trx, inquiryId);
  if (!row) return;
  const events: NewEvent[] = [quoteNote(note)];
  if (row.status !== ACCEPTED_STATUS) {
    events.push({ type: 'status', field: 'status', from_value: row.status, to_value: ACCEPTED_STATUS });
  }
  const fields: [string, number, number][] = [
    ['totalRevenue', row.total_revenue_paise, money.totalRevenuePaise],
    ['hotelCost', row.hotel_cost_paise, money.hotelCostPaise],
    ['cabCost', row.cab_cost_paise, money.cabCostPaise],
    ['tpc', row.tpc_paise, money.tpcPaise],
  ];
  for (const [field, from, to] of fields) {
    if (from !== to) events.push({ type: 'edit', field, from_value: rupees(from), to_value: rupees(to) });
  }
  await updateInquiryRow(trx, inquiryId, {
    status: ACCEPTED_STATUS,
    tpc_paise: money.tpcPaise,
    total_revenue_paise: money.totalRevenuePaise,
    hotel_cost_paise: money.hotelCostPaise,
    cab_cost_paise: money.cabCostPaise,
    updated_at: at,
  });
  await writeEvents(trx, inquiryId, actor, at, events);
}
