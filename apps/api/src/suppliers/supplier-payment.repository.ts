// Data access for D33's payables: the ledger of payments made to suppliers (entries are inserted, never updated,
// but for live_reference which frees a reversed payment's reference), a booking's cost, and the Owner's sums.
import { sql, type Insertable } from 'kysely';
import type { DbOrTx, SupplierPaymentsTable } from '../db/database';

export type SupplierPaymentRow = SupplierPaymentsTable;

/** The ledger entries of some bookings, newest first. */
export async function findSupplierPayments(db: DbOrTx, bookingIds: readonly string[]): Promise<SupplierPaymentRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('supplier_payments')
    .selectAll()
    .where('booking_id', 'in', bookingIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findSupplierPaymentById(db: DbOrTx, id: string) {
  return db.selectFrom('supplier_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSupplierPayment(db: DbOrTx, row: Insertable<SupplierPaymentsTable>): Promise<void> {
  await db.insertInto('supplier_payments').values(row).execute();
}

export async function isSupplierReferenceUsed(db: DbOrTx, reference: string): Promise<boolean> {
  const row = await db
    .selectFrom('supplier_payments')
    .select('id')
    .where('live_reference', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseSupplierReference(db: DbOrTx, id: string): Promise<void> {
  await db.updateTable('supplier_payments').set({ live_reference: null }).where('id', '=', id).execute();
}

/** A booking's new cost, unless it was declined meanwhile; false then. */
export async function updateBookingCost(db: DbOrTx, id: string, costPaise: number): Promise<boolean> {
  const r = await db
    .updateTable('supplier_bookings')
    .set({ cost_paise: costPaise })
    .where('id', '=', id)
    .where('status', '!=', 'declined')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether an inquiry has bookings: its hotel and cab cost then come from them. */
export async function hasBookings(db: DbOrTx, inquiryId: string): Promise<boolean> {
  const row = await db
    .selectFrom('supplier_bookings')
    .select('id')
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A payment counts its amount, a reversal takes it away again. */
const signed = sql<number>`CASE WHEN p.kind = 'payment' THEN p.amount_paise ELSE -p.amount_paise END`;

/** Per booking: what was paid to its supplier (standing payments), for bookings of visible inquiries. */
function bookingSums(db: DbOrTx) {
  return db
    .selectFrom('supplier_bookings as b')
    .innerJoin('inquiries as i', 'i.id', 'b.inquiry_id')
    .leftJoin('supplier_payments as p', 'p.booking_id', 'b.id')
    .where('i.deleted_at', 'is', null)
    .groupBy(['b.id', 'b.supplier_id', 'b.status', 'b.cost_paise', 'i.travel_date'])
    .select([
      'b.id',
      'b.supplier_id',
      'b.status',
      'b.cost_paise',
      'i.travel_date',
      sql<number>`coalesce(sum(${signed}), 0)`.as('paid_paise'),
    ]);
}

/**
 * The Owner's list: per supplier with a booking (of a visible inquiry), owed (confirmed bookings' costs), paid and
 * the earliest travel date among its bookings still due; summed by the database, so it stays one small answer
 * however many bookings there are.
 */
export async function findPayableSums(db: DbOrTx) {
  const rows = await db
    .with('b', () => bookingSums(db))
    .selectFrom('b')
    .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
    .groupBy(['s.id', 's.kind', 's.name', 's.city', 's.name_key'])
    .select([
      's.id',
      's.kind',
      's.name',
      's.city',
      sql<number>`count(*)`.as('bookings'),
      sql<number>`coalesce(sum(CASE WHEN b.status = 'confirmed' THEN b.cost_paise ELSE 0 END), 0)`.as('owed_paise'),
      sql<number>`coalesce(sum(b.paid_paise), 0)`.as('paid_paise'),
      sql<
        string | null
      >`min(CASE WHEN (CASE WHEN b.status = 'confirmed' THEN b.cost_paise ELSE 0 END) > b.paid_paise THEN b.travel_date END)`.as(
        'next_travel_date',
      ),
    ])
    .orderBy('s.name_key')
    .orderBy('s.id')
    .execute();
  // PostgreSQL answers bigint sums as strings.
  return rows.map((r) => ({
    ...r,
    bookings: Number(r.bookings),
    owed_paise: Number(r.owed_paise),
    paid_paise: Number(r.paid_paise),
  }));
}

/** A supplier's bookings of visible inquiries, with their inquiry, by travel date (none last). */
export function findSupplierBookings(db: DbOrTx, supplierId: string) {
  return db
    .selectFrom('supplier_bookings as b')
    .innerJoin('inquiries as i', 'i.id', 'b.inquiry_id')
    .where('i.deleted_at', 'is', null)
    .where('b.supplier_id', '=', supplierId)
    .select([
      'b.id',
      'b.status',
      'b.cost_paise',
      'b.lines',
      'b.confirmation_number',
      'b.inquiry_id',
      'i.customer_name',
      'i.location',
      'i.travel_date',
    ])
    .orderBy(sql`CASE WHEN i.travel_date IS NULL THEN 1 ELSE 0 END`)
    .orderBy('i.travel_date')
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
}
