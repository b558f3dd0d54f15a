// D33 booking requests: after the customer accepts, one booking per supplier named on the accepted version's lines,
// each sent with a link of its own (/supplier/{token}: 256 random bits, only the hash kept, expiring after the
// trip) that its supplier opens without an account to confirm or decline, once. Staff may record a confirmation
// taken by phone. Each step is a line in the inquiry's timeline and a mail to the handler (booking-mails.ts).
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  INQUIRY_MESSAGES,
  bookingEventText,
  bookingResentText,
  bookingWhatsAppText,
  customerWhatsappLink,
  paiseToRupees,
  type Booking,
  type BookingList,
  type SiteSettings,
  type SupplierLinkAnswer,
  type SupplierRequest,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { conflict, gone, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import { findQuotableInquiry, recordQuoteNote, type QuotableInquiry } from '../inquiries/inquiry-quotes';
import { findQuoteByInquiry, findVersions } from '../quotes/quote.repository';
import { linesOf } from '../quotes/quote-view';
import { hashTripToken, newTripToken } from '../trips/trip-token';
import { syncBookedCosts } from './booked-costs';
import type { BookingNotifier } from './booking-mails';
import type { VoucherIssuer } from './voucher.service';
import {
  answerBooking,
  findBookingById,
  findBookingByTokenHash,
  findBookingsOfInquiry,
  insertMissingBookings,
  markRequested,
  putLink,
  type BookingWithSupplier,
  type NewBookingRow,
} from './booking.repository';

export interface BookingContext {
  db: Db;
  siteUrl: string;
  agency: SiteSettings;
  notifier: BookingNotifier;
  /** Issue 53: a confirmed hotel's or cab's voucher, and the customer's mail once none is waiting. */
  vouchers: VoucherIssuer;
}

const DAY_MS = 86_400_000;

interface BookingLine {
  kind: Booking['lines'][number]['kind'];
  description: string;
  quantity: number;
  unitCostPaise: number;
}

const linesOfBooking = (json: string): BookingLine[] => JSON.parse(json) as BookingLine[];
const publicLines = (lines: BookingLine[]) =>
  lines.map((l) => ({ kind: l.kind, description: l.description, quantity: l.quantity }));

function toBooking(row: BookingWithSupplier): Booking {
  return {
    _id: row.id,
    supplier: {
      _id: row.supplier_id,
      kind: row.supplier_kind,
      name: row.supplier_name,
      city: row.supplier_city,
      phone: row.supplier_phone,
      email: row.supplier_email,
    },
    status: row.status,
    lines: publicLines(linesOfBooking(row.lines)),
    cost: paiseToRupees(row.cost_paise),
    confirmationNumber: row.confirmation_number,
    declineReason: row.decline_reason,
    requestedAt: toIso(row.requested_at),
    answeredAt: toIso(row.answered_at),
    answeredBy: row.answered_by,
  };
}

async function visibleInquiry(db: DbOrTx, id: string) {
  const inquiry = isId(id) ? await findQuotableInquiry(db, id) : undefined;
  if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
  return inquiry;
}

const everyConfirmed = (bookings: { status: string }[]) =>
  bookings.length > 0 && bookings.every((b) => b.status === 'confirmed');

async function listOf(db: DbOrTx, inquiryId: string, sent: BookingList['sent'] = []): Promise<BookingList> {
  const bookings = (await findBookingsOfInquiry(db, inquiryId)).map(toBooking);
  return { bookings, allConfirmed: everyConfirmed(bookings), sent };
}

/**
 * The accepted version's bookings, one per supplier its lines name, each its lines and their cost; undefined
 * before an acceptance.
 */
async function bookingsOfAccepted(db: DbOrTx, inquiryId: string, at: number): Promise<NewBookingRow[] | undefined> {
  const quote = await findQuoteByInquiry(db, inquiryId);
  const accepted = quote ? (await findVersions(db, quote.id)).find((v) => v.status === 'accepted') : undefined;
  if (!accepted) return undefined;
  const bySupplier = new Map<string, BookingLine[]>();
  for (const l of linesOf(accepted)) {
    if (!l.supplierId) continue;
    const line = { kind: l.kind, description: l.description, quantity: l.quantity, unitCostPaise: l.unitCostPaise };
    bySupplier.set(l.supplierId, [...(bySupplier.get(l.supplierId) ?? []), line]);
  }
  return [...bySupplier].map(([supplierId, lines]) => ({
    id: newId(),
    inquiry_id: inquiryId,
    version_id: accepted.id,
    supplier_id: supplierId,
    status: 'pending',
    lines: JSON.stringify(lines),
    cost_paise: lines.reduce((sum, l) => sum + l.quantity * l.unitCostPaise, 0),
    created_at: at,
  }));
}

/**
 * GET /api/inquiries/{id}/bookings. After an acceptance the bookings it calls for are made here if missing (not
 * sent: staff see what each supplier will be asked before sending); a repeat makes none.
 */
export async function listBookings(ctx: BookingContext, inquiryId: string): Promise<BookingList> {
  await visibleInquiry(ctx.db, inquiryId);
  const rows = await bookingsOfAccepted(ctx.db, inquiryId, now());
  if (rows?.length) {
    const made = new Set(
      (await findBookingsOfInquiry(ctx.db, inquiryId)).map((b) => `${b.version_id}/${b.supplier_id}`),
    );
    const missing = rows.filter((r) => !made.has(`${r.version_id}/${r.supplier_id}`));
    if (missing.length > 0) await insertMissingBookings(ctx.db, missing);
  }
  return listOf(ctx.db, inquiryId);
}

/** The end of the link's life: some days after the trip's day (in India), or after sending without one. */
function linkExpiry(travelDate: string | null, at: number) {
  if (!travelDate) return at + BOOKING_LIMITS.linkDaysWithoutTravelDate * DAY_MS;
  return Date.parse(`${travelDate}T23:59:59.999+05:30`) + BOOKING_LIMITS.linkDaysAfterTravel * DAY_MS;
}

/**
 * POST /api/inquiries/{id}/bookings: the accepted version's bookings (one per supplier its lines name) are made if
 * missing, and each one not sent yet is sent: a new link, the timeline's line, and the link and a wa.me message in
 * the answer (the token is shown only here). 409 before an acceptance or when no line names a supplier.
 */
export async function requestBookings(ctx: BookingContext, user: AuthUser, inquiryId: string): Promise<BookingList> {
  const inquiry = await visibleInquiry(ctx.db, inquiryId);
  const at = now();
  const rows = await bookingsOfAccepted(ctx.db, inquiryId, at);
  if (!rows) throw conflict(BOOKING_MESSAGES.notAccepted);
  if (rows.length === 0) throw conflict(BOOKING_MESSAGES.noSuppliers);
  const sent = await ctx.db.transaction().execute(async (trx) => {
    await insertMissingBookings(trx, rows);
    const links: BookingList['sent'] = [];
    for (const b of await findBookingsOfInquiry(trx, inquiryId)) {
      if (b.status === 'pending') links.push(await sendRequest(ctx, trx, user, inquiry, b, at));
    }
    return links;
  });
  ctx.notifier.committed();
  return listOf(ctx.db, inquiryId, sent);
}

/**
 * Sends one booking's request: a new link (any earlier one stops working), the timeline's line, the supplier's mail
 * and the handler's. 409 once the booking is answered.
 */
async function sendRequest(
  ctx: BookingContext,
  trx: DbOrTx,
  user: AuthUser,
  inquiry: QuotableInquiry,
  b: BookingWithSupplier,
  at: number,
): Promise<BookingList['sent'][number]> {
  if (Number((await markRequested(trx, b.id, at)).numUpdatedRows) !== 1) {
    throw conflict(BOOKING_MESSAGES.alreadyAnswered);
  }
  const token = newTripToken();
  const tokenHash = hashTripToken(token);
  await putLink(trx, b.id, tokenHash, at, linkExpiry(inquiry.travelDate, at));
  const event =
    b.status === 'pending' ? bookingEventText.requested(b.supplier_name) : bookingResentText(b.supplier_name);
  await recordQuoteNote(trx, inquiry.id, user, event, at);
  const url = `${ctx.siteUrl}/supplier/${token}`;
  const text = bookingWhatsAppText(b.supplier_name, ctx.agency.name, url);
  const mailed = await ctx.notifier.requestToSupplier(trx, {
    ...requestBody(ctx, b, inquiry),
    // One mail per link: a second sending is a new link and a new mail.
    linkKey: tokenHash.slice(0, 32),
    email: b.supplier_email,
    url,
  });
  await ctx.notifier.stepToHandler(trx, {
    key: `${b.id}:${tokenHash.slice(0, 32)}`,
    inquiry,
    event,
    actorId: user.id,
    allConfirmed: false,
  });
  return {
    bookingId: b.id,
    url,
    whatsappUrl: b.supplier_phone ? (customerWhatsappLink(b.supplier_phone, text) ?? null) : null,
    mailed,
  };
}

/** POST /api/bookings/{id}/send: sends one booking's request, or sends it again with a new link; 409 once answered. */
export async function sendBooking(ctx: BookingContext, user: AuthUser, bookingId: string): Promise<BookingList> {
  const booking = isId(bookingId) ? await findBookingById(ctx.db, bookingId) : undefined;
  const inquiry = booking ? await findQuotableInquiry(ctx.db, booking.inquiry_id) : undefined;
  if (!booking || !inquiry) throw notFound(BOOKING_MESSAGES.notFound);
  const at = now();
  const sent = await ctx.db.transaction().execute(async (trx) => {
    const b = (await findBookingsOfInquiry(trx, inquiry.id)).find((row) => row.id === booking.id)!;
    return [await sendRequest(ctx, trx, user, inquiry, b, at)];
  });
  ctx.notifier.committed();
  return listOf(ctx.db, inquiry.id, sent);
}

/** POST /api/bookings/{id}/confirm: a confirmation staff took by phone; 409 once the booking is answered. */
export async function recordConfirmation(ctx: BookingContext, user: AuthUser, bookingId: string, number: string) {
  const booking = isId(bookingId) ? await findBookingById(ctx.db, bookingId) : undefined;
  const inquiry = booking ? await findQuotableInquiry(ctx.db, booking.inquiry_id) : undefined;
  if (!booking || !inquiry) throw notFound(BOOKING_MESSAGES.notFound);
  const at = now();
  const confirmationNumber = number.normalize('NFC');
  await ctx.db.transaction().execute(async (trx) => {
    const done = await answerBooking(trx, booking.id, {
      status: 'confirmed',
      confirmationNumber,
      reason: null,
      by: user.name,
      at,
    });
    if (!done) throw conflict(BOOKING_MESSAGES.alreadyAnswered);
    await ctx.vouchers.answered(trx, booking.id, at);
    const all = await findBookingsOfInquiry(trx, booking.inquiry_id);
    const supplier = all.find((b) => b.id === booking.id)!;
    const event = bookingEventText.confirmedByStaff(supplier.supplier_name, confirmationNumber);
    await recordQuoteNote(trx, booking.inquiry_id, user, event, at);
    await ctx.notifier.stepToHandler(trx, {
      key: `${booking.id}:answer`,
      inquiry,
      event,
      actorId: user.id,
      allConfirmed: everyConfirmed(all),
    });
  });
  ctx.notifier.committed();
  return listOf(ctx.db, booking.inquiry_id);
}

/** The booking behind a token: 404 when wrong (or its inquiry is gone), 410 once expired. */
async function bookingOfToken(db: DbOrTx, token: string, at: number) {
  const booking = await findBookingByTokenHash(db, hashTripToken(token));
  const inquiry = booking ? await findQuotableInquiry(db, booking.inquiry_id) : undefined;
  if (!booking || !inquiry) throw notFound(BOOKING_MESSAGES.linkNotFound);
  if (at > booking.expires_at) throw gone(BOOKING_MESSAGES.linkExpired);
  return { booking, inquiry };
}

/** What a supplier is asked, in its page and its mail: never a price, a margin or another booking. */
function requestBody(
  ctx: BookingContext,
  booking: { supplier_name: string; lines: string },
  inquiry: QuotableInquiry,
): Omit<SupplierRequest, 'status' | 'confirmationNumber'> {
  return {
    agency: { name: ctx.agency.name, phone: ctx.agency.phone },
    addressedTo: booking.supplier_name,
    travellerName: inquiry.customerName,
    adults: inquiry.adults,
    kids: inquiry.kids,
    travelDate: inquiry.travelDate,
    tourDuration: inquiry.tourDuration,
    lines: publicLines(linesOfBooking(booking.lines)),
  };
}

async function requestOf(ctx: BookingContext, token: string, at: number): Promise<SupplierRequest> {
  const { booking, inquiry } = await bookingOfToken(ctx.db, token, at);
  return {
    ...requestBody(ctx, booking, inquiry),
    status: booking.status,
    confirmationNumber: booking.confirmation_number,
  };
}

/** GET /api/supplier-links/{token}: the request as its supplier sees it — never a price, margin or other booking. */
export const getSupplierRequest = (ctx: BookingContext, token: string) => requestOf(ctx, token, now());

/** POST /api/supplier-links/{token}: confirms or declines, once; a second answer is 409 and changes nothing. */
export async function answerSupplierRequest(ctx: BookingContext, token: string, body: SupplierLinkAnswer) {
  const at = now();
  const { booking, inquiry } = await bookingOfToken(ctx.db, token, at);
  const confirm = body.action === 'confirm';
  await ctx.db.transaction().execute(async (trx) => {
    const done = await answerBooking(trx, booking.id, {
      status: confirm ? 'confirmed' : 'declined',
      confirmationNumber: confirm ? body.confirmationNumber.normalize('NFC') : null,
      reason: confirm ? null : body.reason.normalize('NFC'),
      by: 'supplier',
      at,
    });
    if (!done) throw conflict(BOOKING_MESSAGES.alreadyAnswered);
    await ctx.vouchers.answered(trx, booking.id, at);
    const event = confirm
      ? bookingEventText.confirmed(booking.supplier_name, body.confirmationNumber.normalize('NFC'))
      : bookingEventText.declined(booking.supplier_name, body.reason.normalize('NFC'));
    await recordQuoteNote(trx, booking.inquiry_id, { id: null, name: booking.supplier_name }, event, at);
    // D33: a declined booking's lines count at their own cost again.
    if (!confirm) await syncBookedCosts(trx, booking.inquiry_id, { id: null, name: booking.supplier_name }, at);
    await ctx.notifier.stepToHandler(trx, {
      key: `${booking.id}:answer`,
      inquiry,
      event,
      actorId: null,
      allConfirmed: confirm && everyConfirmed(await findBookingsOfInquiry(trx, booking.inquiry_id)),
    });
  });
  ctx.notifier.committed();
  return {
    message: confirm ? BOOKING_MESSAGES.confirmed : BOOKING_MESSAGES.declined,
    request: await requestOf(ctx, token, at),
  };
}
