// What payments (D31) need of their inquiry, kept in the inquiry domain so payments never touch the inquiry tables:
// the inquiry as the ledger reads it, a line in its timeline, and the ledger's money written back (`advance` as
// the verified payments, the first one moving the status on to Advance Received), each in the caller's transaction.
import { INQUIRY_STATUSES, PAYMENT_EVENT_FIELD, type InquiryStatus } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import type { InquiryNotifier } from '../notifications/notification.service';
import { can } from './inquiry.policy';
import { quotationNumber, type EventActor } from './inquiry-quotes';
import {
  findInquiryById,
  insertInquiryEvents,
  updateInquiryRow,
  type InquiryEventRow,
  type InquiryRow,
} from './inquiry.repository';

export interface PayableInquiry {
  id: string;
  status: string;
  customerName: string;
  customerEmail: string;
  location: string;
  travelDate: string | null;
  staffId: string | null;
  tpcPaise: number;
  advancePaise: number;
  /** D27's quotation number: the stem of each instalment's reference. */
  quotationNumber: string;
}

const payableOf = (row: InquiryRow): PayableInquiry => ({
  id: row.id,
  status: row.status,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  location: row.location,
  travelDate: row.travel_date,
  staffId: row.staff_id,
  tpcPaise: row.tpc_paise,
  advancePaise: row.advance_paise,
  quotationNumber: quotationNumber(row.id, row.created_at),
});

/** A visible (not deleted) inquiry as the ledger reads it. */
export async function findPayableInquiry(db: DbOrTx, id: string): Promise<PayableInquiry | undefined> {
  const row = isId(id) ? await findInquiryById(db, id) : undefined;
  return row ? payableOf(row) : undefined;
}

/** The same, only when `user` may read it (D5: a Customer their own); undefined otherwise, so the caller says 404. */
export async function findReadablePayableInquiry(
  db: DbOrTx,
  user: AuthUser,
  id: string,
): Promise<PayableInquiry | undefined> {
  const row = isId(id) ? await findInquiryById(db, id) : undefined;
  return row && can(user, 'read', row) ? payableOf(row) : undefined;
}

type NewEvent = Pick<InquiryEventRow, 'type' | 'field' | 'from_value' | 'to_value'>;

async function writeEvents(trx: DbOrTx, inquiryId: string, actor: EventActor, at: number, events: NewEvent[]) {
  if (events.length === 0) return;
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

/** A payment's line in the timeline: a staff-only note marked as the ledger's (PAYMENT_EVENT_FIELD). */
export async function recordPaymentNote(trx: DbOrTx, inquiryId: string, actor: EventActor, text: string, at: number) {
  await writeEvents(trx, inquiryId, actor, at, [
    { type: 'note', field: PAYMENT_EVENT_FIELD, from_value: null, to_value: text.normalize('NFC') },
  ]);
  await updateInquiryRow(trx, inquiryId, { updated_at: at });
}

const ADVANCE_RECEIVED: InquiryStatus = 'Advance Received';
const rupees = (paise: number) => String(paise / 100);

/** D31: whether the first verified payment moves a status on: only one before Advance Received in the pipeline. */
const movesToAdvanceReceived = (status: string) => {
  const index = INQUIRY_STATUSES.indexOf(status as InquiryStatus);
  return index >= 0 && index < INQUIRY_STATUSES.indexOf(ADVANCE_RECEIVED);
};

/**
 * D31: the ledger's verified money as the inquiry's `advance` (an edit event when it changes), and the status moved
 * on to Advance Received when money arrived on an inquiry before it (a status event, and the customer's note
 * through the notifier, as a staff edit would). `user` is who verified; null for no account.
 */
export async function applyLedgerAdvance(
  trx: DbOrTx,
  inquiryId: string,
  actor: EventActor,
  advancePaise: number,
  at: number,
  notify?: { notifier: Pick<InquiryNotifier, 'inquiryUpdated'> | undefined; user: AuthUser },
): Promise<void> {
  const row = await findInquiryById(trx, inquiryId);
  if (!row) return;
  const events: NewEvent[] = [];
  const status = advancePaise > 0 && movesToAdvanceReceived(row.status) ? ADVANCE_RECEIVED : row.status;
  if (status !== row.status) events.push({ type: 'status', field: 'status', from_value: row.status, to_value: status });
  if (advancePaise !== row.advance_paise) {
    events.push({
      type: 'edit',
      field: 'advance',
      from_value: rupees(row.advance_paise),
      to_value: rupees(advancePaise),
    });
  }
  if (events.length === 0) return;
  await updateInquiryRow(trx, inquiryId, { advance_paise: advancePaise, status, updated_at: at });
  await writeEvents(trx, inquiryId, actor, at, events);
  if (notify?.notifier && status !== row.status) {
    await notify.notifier.inquiryUpdated(
      trx,
      row,
      { ...row, status, advance_paise: advancePaise, updated_at: at },
      notify.user,
    );
  }
}
