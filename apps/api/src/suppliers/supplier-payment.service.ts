// D33 what the agency owes a booking's supplier: the booking keeps its cost (from its lines; a change needs a reason
// and is a line in the timeline) and the payments made to its supplier, a ledger like D31's (amount, mode, reference,
// date; a mistake is reversed by an entry of its own, nothing is edited or deleted). Staff and the Owner act here
// from the inquiry's bookings panel; the Owner's per-supplier page is payables.service.ts.
import {
  BOOKING_MESSAGES,
  PAYMENT_MODE_LABELS,
  SUPPLIER_PAYMENT_LIMITS,
  SUPPLIER_PAYMENT_MESSAGES,
  INQUIRY_MESSAGES,
  bookingPayable,
  formatRupees,
  paiseToRupees,
  rupeesToPaise,
  supplierPaymentEventText,
  type BookingMoney,
  type BookingStatus,
  type InquirySupplierPayments,
  type SupplierPayment,
  type SupplierPaymentBody,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import { findQuotableInquiry, recordQuoteNote } from '../inquiries/inquiry-quotes';
import { syncBookedCosts } from './booked-costs';
import { findBookingById, findBookingsOfInquiry } from './booking.repository';
import {
  findSupplierPaymentById,
  findSupplierPayments,
  insertSupplierPayment,
  isSupplierReferenceUsed,
  releaseSupplierReference,
  updateBookingCost,
  type SupplierPaymentRow,
} from './supplier-payment.repository';

const showRupees = (paise: number) => formatRupees(paise / 100);
const actorOf = (user: AuthUser) => ({ id: user.id, name: user.name });
const isUnique = (err: unknown) =>
  err instanceof Error &&
  /unique|23505|SQLITE_CONSTRAINT/i.test(`${err.message} ${String((err as { code?: string }).code)}`);

/** What a booking's lines cost: its cost before any change. */
const linesCostPaise = (linesJson: string) =>
  (JSON.parse(linesJson) as { quantity: number; unitCostPaise: number }[]).reduce(
    (sum, l) => sum + l.quantity * l.unitCostPaise,
    0,
  );

/** The paise standing on a booking's ledger: payments less reversals. */
export const paidOf = (entries: readonly SupplierPaymentRow[]) =>
  entries.reduce((sum, e) => sum + (e.kind === 'payment' ? e.amount_paise : -e.amount_paise), 0);

function toSupplierPayment(row: SupplierPaymentRow, reversedIds: ReadonlySet<string>): SupplierPayment {
  return {
    _id: row.id,
    kind: row.kind,
    reversed: reversedIds.has(row.id),
    amount: paiseToRupees(Number(row.amount_paise)),
    mode: row.mode,
    reference: row.reference,
    paidAt: toIso(Number(row.paid_at))!,
    reversalOf: row.reversal_of,
    reason: row.reason,
    recordedBy: row.recorded_by_name,
    createdAt: toIso(Number(row.created_at))!,
  };
}

interface MoneyBooking {
  id: string;
  status: BookingStatus;
  cost_paise: number;
  lines: string;
}

/** A booking's money as the panel and the Owner's page show it, from its ledger entries (newest first). */
export function bookingMoneyOf(b: MoneyBooking, entries: readonly SupplierPaymentRow[]): BookingMoney {
  const own = entries.filter((e) => e.booking_id === b.id);
  const reversed = new Set(own.flatMap((e) => (e.reversal_of ? [e.reversal_of] : [])));
  const f = bookingPayable({ status: b.status, costPaise: Number(b.cost_paise), paidPaise: paidOf(own) });
  return {
    bookingId: b.id,
    status: b.status,
    cost: paiseToRupees(Number(b.cost_paise)),
    linesCost: paiseToRupees(linesCostPaise(b.lines)),
    owed: paiseToRupees(f.owedPaise),
    paid: paiseToRupees(f.paidPaise),
    due: paiseToRupees(f.duePaise),
    payments: own.map((e) => toSupplierPayment(e, reversed)),
  };
}

async function moneyOfBooking(db: DbOrTx, bookingId: string): Promise<BookingMoney> {
  const b = (await findBookingById(db, bookingId))!;
  return bookingMoneyOf(b, await findSupplierPayments(db, [b.id]));
}

/** GET /api/inquiries/{id}/supplier-payments: each booking's cost, figures and ledger, in the bookings' order. */
export async function getInquirySupplierPayments(db: Db, inquiryId: string): Promise<InquirySupplierPayments> {
  const inquiry = isId(inquiryId) ? await findQuotableInquiry(db, inquiryId) : undefined;
  if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
  const bookings = await findBookingsOfInquiry(db, inquiry.id);
  const entries = await findSupplierPayments(
    db,
    bookings.map((b) => b.id),
  );
  return { bookings: bookings.map((b) => bookingMoneyOf(b, entries)) };
}

/** A booking of a visible inquiry with its supplier's name, or 404. */
async function openBooking(trx: DbOrTx, bookingId: string) {
  const booking = isId(bookingId) ? await findBookingById(trx, bookingId) : undefined;
  const inquiry = booking ? await findQuotableInquiry(trx, booking.inquiry_id) : undefined;
  if (!booking || !inquiry) throw notFound(BOOKING_MESSAGES.notFound);
  const supplier = await trx
    .selectFrom('suppliers')
    .select('name')
    .where('id', '=', booking.supplier_id)
    .executeTakeFirstOrThrow();
  return { booking, inquiry, supplierName: supplier.name };
}

/**
 * PUT /api/bookings/{id}/cost: the booking's new cost with its reason, a line in the timeline, and the inquiry's
 * hotel and cab cost worked out again (D33's booked costs). 409 for a declined booking, 400 for the same cost.
 */
export async function changeBookingCost(
  db: Db,
  user: AuthUser,
  bookingId: string,
  body: { cost: number; reason: string },
): Promise<{ message: string; booking: BookingMoney }> {
  const at = now();
  return db.transaction().execute(async (trx) => {
    const { booking, inquiry, supplierName } = await openBooking(trx, bookingId);
    if (booking.status === 'declined') throw conflict(SUPPLIER_PAYMENT_MESSAGES.declined);
    const costPaise = rupeesToPaise(body.cost);
    if (costPaise === Number(booking.cost_paise)) {
      throw badRequest(SUPPLIER_PAYMENT_MESSAGES.costUnchanged, { cost: SUPPLIER_PAYMENT_MESSAGES.costUnchanged });
    }
    if (!(await updateBookingCost(trx, booking.id, costPaise))) throw conflict(SUPPLIER_PAYMENT_MESSAGES.declined);
    const reason = body.reason.normalize('NFC');
    await recordQuoteNote(
      trx,
      inquiry.id,
      actorOf(user),
      supplierPaymentEventText.costChanged(
        supplierName,
        showRupees(Number(booking.cost_paise)),
        showRupees(costPaise),
        reason,
      ),
      at,
    );
    await syncBookedCosts(trx, inquiry.id, actorOf(user), at);
    return { message: SUPPLIER_PAYMENT_MESSAGES.costChanged, booking: await moneyOfBooking(trx, booking.id) };
  });
}

/**
 * POST /api/bookings/{id}/payments: money paid to the booking's supplier, with a line in the timeline. Refused for a
 * declined booking, a date ahead of tomorrow, a reference a standing supplier payment uses, or more than is left
 * of the booking's cost.
 */
export async function recordSupplierPayment(
  db: Db,
  user: AuthUser,
  bookingId: string,
  body: SupplierPaymentBody,
): Promise<{ message: string; booking: BookingMoney }> {
  const at = now();
  const paidAt = Date.parse(body.paidAt);
  if (paidAt > at + SUPPLIER_PAYMENT_LIMITS.paidAheadDays * 86_400_000) {
    throw badRequest(SUPPLIER_PAYMENT_MESSAGES.paidAtFuture, { paidAt: SUPPLIER_PAYMENT_MESSAGES.paidAtFuture });
  }
  return db
    .transaction()
    .execute(async (trx) => {
      const { booking, inquiry, supplierName } = await openBooking(trx, bookingId);
      if (booking.status === 'declined') throw conflict(SUPPLIER_PAYMENT_MESSAGES.declined);
      const amountPaise = rupeesToPaise(body.amount);
      const left = Number(booking.cost_paise) - paidOf(await findSupplierPayments(trx, [booking.id]));
      if (amountPaise > left) throw conflict(SUPPLIER_PAYMENT_MESSAGES.overpaid(showRupees(Math.max(0, left))));
      const reference = body.reference ? body.reference : null;
      if (reference !== null && (await isSupplierReferenceUsed(trx, reference))) {
        throw conflict(SUPPLIER_PAYMENT_MESSAGES.duplicateReference);
      }
      await insertSupplierPayment(trx, {
        id: newId(),
        booking_id: booking.id,
        supplier_id: booking.supplier_id,
        kind: 'payment',
        amount_paise: amountPaise,
        mode: body.mode,
        reference,
        live_reference: reference,
        paid_at: paidAt,
        reversal_of: null,
        reason: null,
        recorded_by_id: user.id,
        recorded_by_name: user.name,
        created_at: at,
      });
      await recordQuoteNote(
        trx,
        inquiry.id,
        actorOf(user),
        supplierPaymentEventText.paid(supplierName, showRupees(amountPaise), PAYMENT_MODE_LABELS[body.mode], reference),
        at,
      );
      return { message: SUPPLIER_PAYMENT_MESSAGES.recorded, booking: await moneyOfBooking(trx, booking.id) };
    })
    .catch((err: unknown) => {
      // The unique live_reference index: a racing payment with the same reference won.
      if (isUnique(err)) throw conflict(SUPPLIER_PAYMENT_MESSAGES.duplicateReference);
      throw err;
    });
}

/** POST /api/supplier-payments/{id}/reverse: undoes a payment by an entry of its own with the reason; 409 twice. */
export async function reverseSupplierPayment(
  db: Db,
  user: AuthUser,
  paymentId: string,
  reason: string,
): Promise<{ message: string; booking: BookingMoney }> {
  const at = now();
  return db
    .transaction()
    .execute(async (trx) => {
      const payment = isId(paymentId) ? await findSupplierPaymentById(trx, paymentId) : undefined;
      if (!payment) throw notFound(SUPPLIER_PAYMENT_MESSAGES.notFound);
      const { booking, inquiry, supplierName } = await openBooking(trx, payment.booking_id).catch(() => {
        throw notFound(SUPPLIER_PAYMENT_MESSAGES.notFound);
      });
      if (payment.kind === 'reversal') throw conflict(SUPPLIER_PAYMENT_MESSAGES.reversalOfReversal);
      const entries = await findSupplierPayments(trx, [booking.id]);
      if (entries.some((e) => e.reversal_of === payment.id)) throw conflict(SUPPLIER_PAYMENT_MESSAGES.alreadyReversed);
      const text = reason.normalize('NFC');
      await insertSupplierPayment(trx, {
        id: newId(),
        booking_id: booking.id,
        supplier_id: booking.supplier_id,
        kind: 'reversal',
        amount_paise: Number(payment.amount_paise),
        mode: null,
        reference: null,
        live_reference: null,
        paid_at: at,
        reversal_of: payment.id,
        reason: text,
        recorded_by_id: user.id,
        recorded_by_name: user.name,
        created_at: at,
      });
      // The reversed payment's reference may be entered again (a payment recorded on the wrong booking).
      await releaseSupplierReference(trx, payment.id);
      await recordQuoteNote(
        trx,
        inquiry.id,
        actorOf(user),
        supplierPaymentEventText.reversed(supplierName, showRupees(Number(payment.amount_paise)), text),
        at,
      );
      return { message: SUPPLIER_PAYMENT_MESSAGES.reversed, booking: await moneyOfBooking(trx, booking.id) };
    })
    .catch((err: unknown) => {
      // The unique reversal_of index: a racing reversal of the same payment won.
      if (isUnique(err)) throw conflict(SUPPLIER_PAYMENT_MESSAGES.alreadyReversed);
      throw err;
    });
}
