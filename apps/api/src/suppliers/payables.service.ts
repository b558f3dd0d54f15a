// D33 the Owner's "What we owe": per supplier, what its confirmed bookings cost (owed), what was paid to it and what
// is still due, and the bookings behind those figures. Bookings of deleted inquiries leave the page with them (D9).
import {
  SUPPLIER_PAYMENT_MESSAGES,
  bookingPayable,
  paiseToRupees,
  sumPayables,
  type PayableFigures,
  type Payables,
  type SupplierPayables,
} from '@safarnama/contract';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { isId } from '../lib/ids';
import { findSupplierById } from './supplier.repository';
import { findPayableSums, findSupplierBookings, findSupplierPayments } from './supplier-payment.repository';
import { bookingMoneyOf, paidOf } from './supplier-payment.service';

const rupeesOf = (f: PayableFigures) => ({
  owed: paiseToRupees(f.owedPaise),
  paid: paiseToRupees(f.paidPaise),
  due: paiseToRupees(f.duePaise),
});

/** GET /api/payables: every supplier with a booking, the most due first (then by name), and the totals. */
export async function listPayables(db: Db): Promise<Payables> {
  const rows = (await findPayableSums(db)).map((r) => ({
    r,
    f: { owedPaise: r.owed_paise, paidPaise: r.paid_paise, duePaise: r.owed_paise - r.paid_paise },
  }));
  rows.sort((a, b) => b.f.duePaise - a.f.duePaise);
  return {
    totals: rupeesOf(sumPayables(rows.map((x) => x.f))),
    suppliers: rows.map(({ r, f }) => ({
      supplier: { _id: r.id, kind: r.kind, name: r.name, city: r.city },
      ...rupeesOf(f),
      bookings: r.bookings,
      nextTravelDate: r.next_travel_date ?? null,
    })),
  };
}

/** GET /api/payables/{supplierId}: the supplier's figures and its bookings (by travel date) with their ledgers. */
export async function getSupplierPayables(db: Db, supplierId: string): Promise<SupplierPayables> {
  const supplier = isId(supplierId) ? await findSupplierById(db, supplierId) : undefined;
  if (!supplier) throw notFound(SUPPLIER_PAYMENT_MESSAGES.supplierNotFound);
  const bookings = await findSupplierBookings(db, supplier.id);
  const entries = await findSupplierPayments(
    db,
    bookings.map((b) => b.id),
  );
  const rows = bookings.map((b) => ({
    ...bookingMoneyOf(b, entries),
    inquiryId: b.inquiry_id,
    customerName: b.customer_name,
    location: b.location,
    travelDate: b.travel_date,
    confirmationNumber: b.confirmation_number,
  }));
  const figures = sumPayables(
    bookings.map((b) =>
      bookingPayable({
        status: b.status,
        costPaise: Number(b.cost_paise),
        paidPaise: paidOf(entries.filter((e) => e.booking_id === b.id)),
      }),
    ),
  );
  return {
    supplier: { _id: supplier.id, kind: supplier.kind, name: supplier.name, city: supplier.city },
    ...rupeesOf(figures),
    bookings: rows,
  };
}
