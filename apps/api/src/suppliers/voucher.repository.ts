// Data access for issue 53's vouchers: the snapshot kept at a confirmation, and the confirmed bookings the trip page
// lists. A voucher row is written once (a second write for the same booking does nothing) and never updated.
import type { DbOrTx } from '../db/database';

/** A booking with what its voucher prints of the supplier (its address too), or undefined. */
export function findBookingForVoucher(db: DbOrTx, bookingId: string) {
  return db
    .selectFrom('supplier_bookings as b')
    .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
    .select([
      'b.id',
      'b.inquiry_id',
      'b.status',
      'b.lines',
      'b.confirmation_number',
      'b.answered_at',
      's.kind as supplier_kind',
      's.name as supplier_name',
      's.city as supplier_city',
      's.address as supplier_address',
      's.phone as supplier_phone',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}

export async function insertVoucher(
  db: DbOrTx,
  row: { booking_id: string; inquiry_id: string; facts: string; issued_at: number },
) {
  await db
    .insertInto('booking_vouchers')
    .values(row)
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
}

/** An inquiry's vouchers, oldest first. */
export function findVouchersOfInquiry(db: DbOrTx, inquiryId: string) {
  return db
    .selectFrom('booking_vouchers')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .orderBy('issued_at')
    .orderBy('booking_id')
    .execute();
}

/** One voucher of an inquiry: undefined for another inquiry's, so a guessed id says nothing. */
export function findVoucher(db: DbOrTx, inquiryId: string, bookingId: string) {
  return db
    .selectFrom('booking_vouchers')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

/** The inquiry's bookings with their supplier's kind, name and city: the trip page's "What is booked". */
export function findBookingStates(db: DbOrTx, inquiryId: string) {
  return db
    .selectFrom('supplier_bookings as b')
    .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
    .select([
      'b.id',
      'b.status',
      'b.lines',
      'b.confirmation_number',
      's.kind as supplier_kind',
      's.name as supplier_name',
      's.city as supplier_city',
    ])
    .where('b.inquiry_id', '=', inquiryId)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
}
