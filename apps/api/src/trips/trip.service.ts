// D30's trip link: made or rotated by staff, opened by the customer without an account. Every public call hashes
// the token and finds the link by one indexed query first; a wrong token (or a deleted inquiry) is 404. A signed-in
// customer reaches the same trip through their inquiry (D5: their own only); both ways open an inquiry first and
// then share one view, one acceptance and one change request, so the rules (409/410, once only, mails) are one.
import {
  INQUIRY_MESSAGES,
  PAYMENT_ADVANCE_PERCENT,
  QUOTE_MESSAGES,
  TRIP_TERMS,
  quoteEventText,
  type SiteSettings,
  type Trip,
  type TripUrl,
  type TripVersion,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { conflict, gone, notFound } from '../errors';
import { now } from '../lib/clock';
import { isId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import {
  applyAcceptedQuote,
  findQuotableInquiry,
  findReadableQuotableInquiry,
  recordQuoteNote,
  type QuotableInquiry,
} from '../inquiries/inquiry-quotes';
import {
  countVersionView,
  findQuoteByInquiry,
  findVersions,
  markAccepted,
  type QuoteVersionRow,
} from '../quotes/quote.repository';
import { findQuotePaper, type QuotePaper } from '../quotes/quote-paper';
import { isExpired, shownVersionOf, toTripVersion } from '../quotes/quote-view';
import type { InquiryNotifier } from '../notifications/notification.service';
import {
  claimInstalment,
  findReceiptPaper,
  scheduleOnAcceptance,
  tripPaymentsOf,
  type PaymentContext,
} from '../payments/payment.service';
import type { ReceiptPaper } from '../payments/receipt-paper';
import { countTripView, findTripLinkByHash, saveTripLink } from './trip-link.repository';
import { hashTripToken, newTripToken, tripUrl } from './trip-token';
import { tripPapers } from '../invoices/invoice.service';
import { tripBookingsOf } from '../suppliers/voucher.service';

export interface TripContext {
  db: Db;
  siteUrl: string;
  agency: SiteSettings;
  /** Writes the handler's mail (D25) in the answer's transaction. */
  notifier?: Pick<InquiryNotifier, 'quoteAccepted' | 'quoteChangesAsked' | 'committed'>;
  /** D31: the schedule made at acceptance, the trip page's payments, claims and receipts. */
  payments?: PaymentContext;
  /** Issue 53: the agency's number at any hour during the trip; absent, the agency's phone. */
  emergencyPhone?: string;
}

export interface TripClient {
  ip: string;
  userAgent: string;
  /** The customer's account when they answer signed in (their inquiry's page); null through the link. */
  accountId: string | null;
}

/** POST /api/inquiries/{id}/trip-link: a new token for the inquiry's link (made if it had none). */
export async function rotateTripLink(ctx: TripContext, inquiryId: string): Promise<TripUrl> {
  const inquiry = isId(inquiryId) ? await findQuotableInquiry(ctx.db, inquiryId) : undefined;
  if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
  const token = newTripToken();
  await saveTripLink(ctx.db, inquiry.id, hashTripToken(token), now());
  return { url: tripUrl(ctx.siteUrl, token), message: QUOTE_MESSAGES.linkRotated };
}

/** The link's inquiry, or 404: the same hash and indexed lookup for every token, right or wrong. */
export async function openLink(db: DbOrTx, token: string): Promise<QuotableInquiry> {
  const link = await findTripLinkByHash(db, hashTripToken(token));
  const inquiry = link ? await findQuotableInquiry(db, link.inquiry_id) : undefined;
  if (!inquiry) throw notFound(QUOTE_MESSAGES.tripNotFound);
  return inquiry;
}

/** An inquiry the signed-in user may read (a Customer's own, any for the back office), or 404 (D5). */
async function openInquiry(db: DbOrTx, user: AuthUser, inquiryId: string): Promise<QuotableInquiry> {
  const inquiry = await findReadableQuotableInquiry(db, user, inquiryId);
  if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
  return inquiry;
}

async function sentVersions(db: DbOrTx, inquiryId: string): Promise<QuoteVersionRow[]> {
  const quote = await findQuoteByInquiry(db, inquiryId);
  // Drafts are the agency's work in progress: never on the trip page.
  return quote ? (await findVersions(db, quote.id)).filter((v) => v.status !== 'draft') : [];
}

/** The version to act on: the accepted one, else the newest sent (expired or not). */
const currentOf = shownVersionOf;

/** GET /api/trips/{token}: the agency, the trip and its sent versions, prices only; the view is counted. */
export async function getTrip(ctx: TripContext, token: string): Promise<Trip> {
  return tripOf(ctx, await openLink(ctx.db, token), true);
}

/**
 * GET /api/inquiries/{id}/trip: the same answer for a signed-in reader. A Customer opening it counts as a view of
 * their trip; the back office looking at what the customer sees does not.
 */
export async function getInquiryTrip(ctx: TripContext, user: AuthUser, inquiryId: string): Promise<Trip> {
  return tripOf(ctx, await openInquiry(ctx.db, user, inquiryId), user.role === 'Customer');
}

async function tripOf(ctx: TripContext, inquiry: QuotableInquiry, countsAsView: boolean): Promise<Trip> {
  const at = now();
  const versions = await sentVersions(ctx.db, inquiry.id);
  const current = currentOf(versions);
  if (countsAsView) {
    await ctx.db.transaction().execute(async (trx) => {
      await countTripView(trx, inquiry.id, at);
      // The version shown is seen: what the inquiry list and My work tell staff (docs/quotations.md).
      if (current) await countVersionView(trx, current.id, at);
    });
  }
  return {
    agency: ctx.agency,
    trip: {
      customerName: inquiry.customerName,
      destination: inquiry.location,
      travelDate: inquiry.travelDate,
      tourDuration: inquiry.tourDuration,
      adults: inquiry.adults,
      kids: inquiry.kids,
      handlerName: inquiry.staffId ? inquiry.staffName : null,
    },
    current: current ? toTripVersion(current, at) : null,
    earlier: versions.filter((v) => v !== current).map((v) => toTripVersion(v, at)),
    terms: {
      advancePercent: TRIP_TERMS.advancePercent,
      balanceHoursBefore: TRIP_TERMS.balanceHoursBefore,
      text: [...TRIP_TERMS.text],
    },
    payments: ctx.payments ? await tripPaymentsOf(ctx.payments, inquiry.id, at) : null,
    invoices: await tripPapers(ctx.db, inquiry.id),
    bookings: await tripBookingsOf(ctx.db, inquiry.id),
    emergencyPhone: ctx.emergencyPhone ?? ctx.agency.phone,
  };
}

/** GET /api/trips/{token}/quotation.pdf: the shown version's paper (issue 51); not a view of the page. */
export async function getTripPaper(ctx: TripContext, token: string): Promise<QuotePaper> {
  const inquiry = await openLink(ctx.db, token);
  const paper = await findQuotePaper(ctx.db, inquiry, ctx.agency, now());
  if (!paper) throw notFound(QUOTE_MESSAGES.noQuoteYet);
  return paper;
}

/** Why a version cannot be accepted now, as D30's answer: 410 expired, 409 superseded or already accepted. */
function refusal(version: QuoteVersionRow, versions: QuoteVersionRow[], at: number) {
  if (versions.some((v) => v.status === 'accepted' && v.id !== version.id))
    return conflict(QUOTE_MESSAGES.alreadyAccepted);
  if (version.status === 'superseded') return conflict(QUOTE_MESSAGES.superseded);
  if (isExpired(version, at)) return gone(QUOTE_MESSAGES.expired);
  return undefined;
}

/**
 * POST /api/trips/{token}/accept: accepts the current sent version (or the one named, which must still be it),
 * keeping the name, time, address and browser; the inquiry becomes Booking Pending with D30's money fields.
 * Accepting again answers the same acceptance and changes nothing; of two racing acceptances the guarded UPDATE
 * lets one through.
 */
export async function acceptTrip(
  ctx: TripContext,
  token: string,
  body: AcceptBody,
  client: TripClient,
): Promise<{ message: string; version: TripVersion }> {
  return acceptOn(ctx, await openLink(ctx.db, token), body, client);
}

/** POST /api/inquiries/{id}/trip/accept: the same, by the signed-in Customer on their own inquiry. */
export async function acceptInquiryTrip(
  ctx: TripContext,
  user: AuthUser,
  inquiryId: string,
  body: AcceptBody,
  client: TripClient,
): Promise<{ message: string; version: TripVersion }> {
  return acceptOn(ctx, await openInquiry(ctx.db, user, inquiryId), body, client);
}

interface AcceptBody {
  name: string;
  version?: number | undefined;
}

async function acceptOn(
  ctx: TripContext,
  inquiry: QuotableInquiry,
  body: AcceptBody,
  client: TripClient,
): Promise<{ message: string; version: TripVersion }> {
  const at = now();
  const accepted = await ctx.db.transaction().execute(async (trx) => {
    const versions = await sentVersions(trx, inquiry.id);
    const target = body.version === undefined ? currentOf(versions) : versions.find((v) => v.number === body.version);
    if (!target) throw notFound(QUOTE_MESSAGES.noQuoteYet);
    if (target.status === 'accepted') return target;
    const refused = refusal(target, versions, at);
    if (refused) throw refused;
    const fields = { at, name: body.name.normalize('NFC'), ip: client.ip, userAgent: client.userAgent.slice(0, 500) };
    if (!(await markAccepted(trx, target.id, fields))) return undefined;
    // D30's money fields; the lines that are neither hotel nor cab count with the cab cost, so that D7's
    // profit (revenue − hotel − cab) is the version's margin (docs/quotations.md).
    await applyAcceptedQuote(
      trx,
      inquiry.id,
      { id: client.accountId, name: fields.name },
      {
        tpcPaise: target.total_paise,
        totalRevenuePaise: target.price_paise,
        hotelCostPaise: target.hotel_cost_paise,
        cabCostPaise: target.cab_cost_paise + target.other_cost_paise,
      },
      quoteEventText.accepted(target.number, fields.name, fields.ip, fields.userAgent),
      at,
    );
    // D31: the schedule, in the acceptance's transaction (an inquiry that has one keeps it).
    await scheduleOnAcceptance(
      trx,
      inquiry.id,
      { id: client.accountId, name: fields.name },
      target.total_paise,
      ctx.payments?.advancePercent ?? PAYMENT_ADVANCE_PERCENT,
      at,
    );
    await ctx.notifier?.quoteAccepted(trx, inquiry.id, {
      versionId: target.id,
      version: target.number,
      acceptedBy: fields.name,
      totalPaise: target.total_paise,
    });
    return { ...target, status: 'accepted' as const, accepted_at: at, accepted_name: fields.name };
  });
  ctx.notifier?.committed();
  if (accepted) return { message: QUOTE_MESSAGES.acceptedThanks, version: toTripVersion(accepted, at) };
  // Lost a race: say what happened to the version meanwhile.
  const versions = await sentVersions(ctx.db, inquiry.id);
  const target = body.version === undefined ? currentOf(versions) : versions.find((v) => v.number === body.version);
  if (target?.status === 'accepted')
    return { message: QUOTE_MESSAGES.acceptedThanks, version: toTripVersion(target, at) };
  throw (target && refusal(target, versions, at)) ?? conflict(QUOTE_MESSAGES.superseded);
}

/** POST /api/trips/{token}/changes: the customer's message, as a line in the inquiry's timeline. */
export async function requestTripChanges(
  ctx: TripContext,
  token: string,
  message: string,
): Promise<{ message: string }> {
  return changesOn(ctx, await openLink(ctx.db, token), message, null);
}

/** POST /api/inquiries/{id}/trip/changes: the same, by the signed-in Customer on their own inquiry. */
export async function requestInquiryTripChanges(
  ctx: TripContext,
  user: AuthUser,
  inquiryId: string,
  message: string,
): Promise<{ message: string }> {
  return changesOn(ctx, await openInquiry(ctx.db, user, inquiryId), message, user.id);
}

async function changesOn(
  ctx: TripContext,
  inquiry: QuotableInquiry,
  message: string,
  accountId: string | null,
): Promise<{ message: string }> {
  const at = now();
  await ctx.db.transaction().execute(async (trx) => {
    await recordQuoteNote(
      trx,
      inquiry.id,
      { id: accountId, name: inquiry.customerName },
      quoteEventText.changes(message),
      at,
    );
    await ctx.notifier?.quoteChangesAsked(trx, inquiry.id, message.normalize('NFC'));
  });
  ctx.notifier?.committed();
  return { message: QUOTE_MESSAGES.changeReceived };
}

// --- D31 payments through the trip -------------------------------------------------------------------------------

function paymentsOf(ctx: TripContext): PaymentContext {
  if (!ctx.payments) throw new Error('The trip routes need the payments context');
  return ctx.payments;
}

/** POST /api/trips/{token}/instalments/{id}/claim: the customer paid by UPI and gives the 12-digit UTR. */
export async function claimTripInstalment(ctx: TripContext, token: string, instalmentId: string, utr: string) {
  const inquiry = await openLink(ctx.db, token);
  return claimInstalment(paymentsOf(ctx), inquiry.id, instalmentId, utr, { id: null, name: inquiry.customerName });
}

/** POST /api/inquiries/{id}/trip/instalments/{instalmentId}/claim: the same, by the signed-in Customer. */
export async function claimInquiryInstalment(
  ctx: TripContext,
  user: AuthUser,
  inquiryId: string,
  instalmentId: string,
  utr: string,
) {
  const inquiry = await openInquiry(ctx.db, user, inquiryId);
  return claimInstalment(paymentsOf(ctx), inquiry.id, instalmentId, utr, { id: user.id, name: inquiry.customerName });
}

/** A receipt of the trip's inquiry as issued, or 404 (a wrong token, or a payment of another inquiry, alike). */
async function receiptOf(ctx: TripContext, inquiryId: string, paymentId: string): Promise<ReceiptPaper> {
  const payments = paymentsOf(ctx);
  const paper = await findReceiptPaper(ctx.db, payments.agency, inquiryId, paymentId);
  if (!paper) throw notFound(QUOTE_MESSAGES.tripNotFound);
  return paper;
}

/** GET /api/trips/{token}/receipts/{id}.pdf. */
export async function getTripReceipt(ctx: TripContext, token: string, paymentId: string): Promise<ReceiptPaper> {
  return receiptOf(ctx, (await openLink(ctx.db, token)).id, paymentId);
}

/** GET /api/inquiries/{id}/trip/receipts/{paymentId}.pdf: the same for a signed-in reader of the inquiry. */
export async function getInquiryTripReceipt(
  ctx: TripContext,
  user: AuthUser,
  inquiryId: string,
  paymentId: string,
): Promise<ReceiptPaper> {
  return receiptOf(ctx, (await openInquiry(ctx.db, user, inquiryId)).id, paymentId);
}
