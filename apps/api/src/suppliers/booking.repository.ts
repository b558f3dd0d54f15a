// Data access for D33's booking requests and their supplier links. Answers are guarded UPDATEs (only a booking
// still waiting is answered), so of two answers at once one wins and the other finds it answered.
import type { Insertable } from 'kysely';
import type { DbOrTx, SupplierBookingsTable } from '../db/database';

export type NewBookingRow = Insertable<SupplierBookingsTable>;

/** An inquiry's bookings with their suppliers, in the order they were made. */
export function findBookingsOfInquiry(db: DbOrTx, inquiryId: string) {
  return db
    .selectFrom('supplier_bookings as b')
    .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
    .selectAll('b')
    .select([
      's.kind as supplier_kind',
      's.name as supplier_name',
      's.city as supplier_city',
      's.phone as supplier_phone',
      's.email as supplier_email',
    ])
    .where('b.inquiry_id', '=', inquiryId)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
}
export type BookingWithSupplier = Awaited<ReturnType<typeof findBookingsOfInquiry>>[number];

export function findBookingById(db: DbOrTx, id: string) {
  return db.selectFrom('supplier_bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the bookings a version does not have yet (one per supplier: the unique pair keeps a race to one). */
export async function insertMissingBookings(db: DbOrTx, rows: NewBookingRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('supplier_bookings')
      .values(row)
      .onConflict((oc) => oc.columns(['version_id', 'supplier_id']).doNothing())
      .execute();
  }
}

/** A booking's link gets a new token (the old one stops working). */
export async function putLink(db: DbOrTx, bookingId: string, tokenHash: string, at: number, expiresAt: number) {
  await db
    .insertInto('supplier_links')
    .values({ booking_id: bookingId, token_hash: tokenHash, created_at: at, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column('booking_id').doUpdateSet({ token_hash: tokenHash, created_at: at, expires_at: expiresAt }),
    )
    .execute();
}

export function markRequested(db: DbOrTx, id: string, at: number) {
  return db
    .updateTable('supplier_bookings')
    .set({ status: 'requested', requested_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'requested'])
    .executeTakeFirst();
}

/** The booking behind a link's token hash, with its link's expiry. */
export function findBookingByTokenHash(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom('supplier_links as l')
    .innerJoin('supplier_bookings as b', 'b.id', 'l.booking_id')
    .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
    .selectAll('b')
    .select(['l.expires_at', 's.name as supplier_name'])
    .where('l.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Answers a booking that is still waiting; false when it was answered meanwhile. */
export async function answerBooking(
  db: DbOrTx,
  id: string,
  answer: {
    status: 'confirmed' | 'declined';
    confirmationNumber: string | null;
    reason: string | null;
    by: string;
    at: number;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('supplier_bookings')
    .set({
      status: answer.status,
      confirmation_number: answer.confirmationNumber,
      decline_reason: answer.reason,
      answered_by: answer.by,
      answered_at: answer.at,
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'requested'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
