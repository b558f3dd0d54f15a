// D30 quotations, the staff's side: an inquiry's quotation, its drafts, and sending a version (which makes the
// trip link if the inquiry has none). A sent version never changes: editing it starts the next version.
import {
  INQUIRY_MESSAGES,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  kolkataDate,
  quoteEventText,
  quoteTotals,
  rupeesToPaise,
  type Quote,
  type QuoteVersionData,
  type TripUrl,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import type { InquiryNotifier } from '../notifications/notification.service';
import { findPackageById } from '../packages/package.repository';
import { findQuotableInquiry, recordQuoteNote, type QuotableInquiry } from '../inquiries/inquiry-quotes';
import { createTripLinkIfNone, findTripLinkByInquiry } from '../trips/trip-link.repository';
import { hashTripToken, newTripToken, tripUrl } from '../trips/trip-token';
import { checkLineSuppliers, recordSentRates } from '../suppliers/supplier.service';
import { daysFromItinerary, listFromJson } from './quote-prefill';
import {
  findQuoteById,
  findQuoteByInquiry,
  findVersions,
  insertQuote,
  insertVersion,
  markSent,
  supersedeSent,
  updateDraft,
  type NewQuoteVersionRow,
  type QuoteRow,
  type QuoteVersionRow,
} from './quote.repository';
import { isExpired, linesOf, toStaffVersion, type StoredLine } from './quote-view';

export interface QuoteContext {
  db: Db;
  siteUrl: string;
  /** D32: GST_RATE for a registered agency, 0 while it has no GSTIN; a sent version keeps what it was sent with. */
  gstPercent: number;
  /** Writes the customer's mail of a sent version (D25) in the send's transaction. */
  notifier?: Pick<InquiryNotifier, 'quoteSent' | 'committed'>;
}

const DAY_MS = 86_400_000;
const travellersOf = (inquiry: QuotableInquiry) => Math.max(1, inquiry.adults + inquiry.kids);

async function visibleInquiry(db: DbOrTx, id: string) {
  const inquiry = isId(id) ? await findQuotableInquiry(db, id) : undefined;
  if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
  return inquiry;
}

async function toQuote(db: DbOrTx, quote: QuoteRow, at = now()): Promise<Quote> {
  const [versions, link] = await Promise.all([findVersions(db, quote.id), findTripLinkByInquiry(db, quote.inquiry_id)]);
  return {
    _id: quote.id,
    inquiryId: quote.inquiry_id,
    createdAt: toIso(quote.created_at)!,
    versions: versions.map((v) => toStaffVersion(v, at)),
    tripLink: link
      ? {
          createdAt: toIso(link.created_at)!,
          rotatedAt: toIso(link.rotated_at),
          views: link.views,
          lastViewedAt: toIso(link.last_viewed_at),
        }
      : null,
  };
}

/** The stored amounts and totals of a version's lines (paise), for the inquiry's travellers. */
function priced(lines: StoredLine[], travellers: number, gstPercent: number) {
  const t = quoteTotals(lines, travellers, gstPercent);
  return {
    lines: JSON.stringify(lines),
    travellers,
    gst_basis_points: Math.round(gstPercent * 100),
    cost_paise: t.costPaise,
    price_paise: t.pricePaise,
    gst_paise: t.gstPaise,
    total_paise: t.totalPaise,
    per_traveller_paise: t.perTravellerPaise,
    hotel_cost_paise: t.hotelCostPaise,
    cab_cost_paise: t.cabCostPaise,
    other_cost_paise: t.otherCostPaise,
  };
}

function checkValidUntil(day: string, at: number) {
  if (day < kolkataDate(at)) {
    throw badRequest(QUOTE_MESSAGES.validUntilPast, { validUntil: QUOTE_MESSAGES.validUntilPast });
  }
  if (day > kolkataDate(at + QUOTE_LIMITS.maxValidDays * DAY_MS)) {
    throw badRequest(QUOTE_MESSAGES.validUntilTooFar, { validUntil: QUOTE_MESSAGES.validUntilTooFar });
  }
}

const storedLines = (data: NonNullable<QuoteVersionData['lines']>): StoredLine[] =>
  data.map((l) => ({
    kind: l.kind,
    description: l.description.normalize('NFC'),
    supplierId: l.supplierId ?? null,
    quantity: l.quantity,
    unitCostPaise: rupeesToPaise(l.unitCost),
    unitPricePaise: l.unitPrice === undefined || l.unitPrice === null ? null : rupeesToPaise(l.unitPrice),
    markupPercent: l.unitPrice === undefined || l.unitPrice === null ? (l.markupPercent ?? 0) : null,
  }));

/** GET /api/inquiries/{id}/quotes: the inquiry's quotation, if it has one (D30: one per inquiry). */
export async function listQuotes(ctx: QuoteContext, inquiryId: string): Promise<Quote[]> {
  await visibleInquiry(ctx.db, inquiryId);
  const quote = await findQuoteByInquiry(ctx.db, inquiryId);
  return quote ? [await toQuote(ctx.db, quote)] : [];
}

/** POST /api/inquiries/{id}/quotes: the quotation with its first draft, prefilled from the linked package. */
export async function createQuote(ctx: QuoteContext, inquiryId: string): Promise<Quote> {
  const inquiry = await visibleInquiry(ctx.db, inquiryId);
  const pkg = inquiry.packageId ? await findPackageById(ctx.db, inquiry.packageId) : undefined;
  const at = now();
  const quote: QuoteRow = { id: newId(), inquiry_id: inquiry.id, created_at: at };
  const version: NewQuoteVersionRow = {
    id: newId(),
    quote_id: quote.id,
    number: 1,
    status: 'draft',
    days: JSON.stringify(pkg ? daysFromItinerary(pkg.itinerary) : []),
    ...priced([], travellersOf(inquiry), ctx.gstPercent),
    valid_until: kolkataDate(at + QUOTE_LIMITS.validDays * DAY_MS),
    notes: '',
    inclusions: JSON.stringify(pkg ? listFromJson(pkg.inclusions) : []),
    exclusions: JSON.stringify(pkg ? listFromJson(pkg.exclusions) : []),
    created_at: at,
    updated_at: at,
    views: 0,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertQuote(trx, quote);
      await insertVersion(trx, version);
    });
  } catch (err) {
    // The unique inquiry_id: a second create (or two at once) finds the first.
    if (await findQuoteByInquiry(ctx.db, inquiry.id)) throw conflict(QUOTE_MESSAGES.alreadyExists);
    throw err;
  }
  return toQuote(ctx.db, quote, at);
}

async function findQuote(db: DbOrTx, quoteId: string) {
  const quote = isId(quoteId) ? await findQuoteById(db, quoteId) : undefined;
  const inquiry = quote ? await findQuotableInquiry(db, quote.inquiry_id) : undefined;
  if (!quote || !inquiry) throw notFound(QUOTE_MESSAGES.notFound);
  return { quote, inquiry };
}

/**
 * PUT /api/quotes/{quoteId}: changes the draft; when the newest version was sent, the changes start the next
 * version as a copy of it (the sent one never changes). Absent fields keep the version's values; the totals are
 * computed again for the inquiry's travellers.
 */
export async function updateQuote(ctx: QuoteContext, quoteId: string, data: QuoteVersionData): Promise<Quote> {
  const { quote, inquiry } = await findQuote(ctx.db, quoteId);
  const at = now();
  if (data.validUntil !== undefined) checkValidUntil(data.validUntil, at);
  await ctx.db.transaction().execute(async (trx) => {
    const [latest] = await findVersions(trx, quote.id);
    if (!latest) throw notFound(QUOTE_MESSAGES.notFound);
    if (latest.status === 'accepted') throw conflict(QUOTE_MESSAGES.accepted);
    const lines = data.lines ? storedLines(data.lines) : linesOf(latest);
    // D33: a line names an active supplier of the directory, or one this version already named.
    if (data.lines) await checkLineSuppliers(trx, lines, linesOf(latest));
    const content = {
      days: data.days
        ? JSON.stringify(data.days.map((d) => ({ title: d.title.normalize('NFC'), text: d.text.normalize('NFC') })))
        : latest.days,
      ...priced(lines, travellersOf(inquiry), ctx.gstPercent),
      valid_until:
        data.validUntil ??
        (latest.status === 'draft' ? latest.valid_until : kolkataDate(at + QUOTE_LIMITS.validDays * DAY_MS)),
      notes: data.notes === undefined ? latest.notes : data.notes.normalize('NFC'),
      inclusions: data.inclusions ? JSON.stringify(data.inclusions) : latest.inclusions,
      exclusions: data.exclusions ? JSON.stringify(data.exclusions) : latest.exclusions,
      updated_at: at,
    };
    if (latest.status === 'draft') {
      if (!(await updateDraft(trx, latest.id, content))) throw conflict(QUOTE_MESSAGES.nothingToSend);
      return;
    }
    await insertVersion(trx, {
      ...content,
      id: newId(),
      quote_id: quote.id,
      number: latest.number + 1,
      status: 'draft',
      created_at: at,
      views: 0,
    });
  });
  return toQuote(ctx.db, quote);
}

/**
 * POST /api/quotes/{quoteId}/send: the draft becomes the sent version, the one sent before is superseded, the
 * inquiry's timeline says so, the inquiry gets a trip link when it has none, and the customer a mail with it. The link's token is known only
 * when it is made (only its hash is kept): an existing link is answered as null, unchanged.
 */
export async function sendQuote(ctx: QuoteContext, user: AuthUser, quoteId: string): Promise<TripUrl> {
  const { quote } = await findQuote(ctx.db, quoteId);
  const at = now();
  const token = newTripToken();
  const made = await ctx.db.transaction().execute(async (trx) => {
    const versions = await findVersions(trx, quote.id);
    if (versions.some((v) => v.status === 'accepted')) throw conflict(QUOTE_MESSAGES.accepted);
    const draft = versions.find((v) => v.status === 'draft');
    if (!draft) throw conflict(QUOTE_MESSAGES.nothingToSend);
    if (linesOf(draft).length === 0) throw badRequest(QUOTE_MESSAGES.noLines, { lines: QUOTE_MESSAGES.noLines });
    if (isExpired({ status: 'sent', valid_until: draft.valid_until }, at)) {
      throw badRequest(QUOTE_MESSAGES.validUntilPast, { validUntil: QUOTE_MESSAGES.validUntilPast });
    }
    const previous: QuoteVersionRow | undefined = versions.find((v) => v.status === 'sent');
    // Accepted meanwhile (the guarded UPDATE finds it no longer sent): nothing is sent over an acceptance.
    if (previous && !(await supersedeSent(trx, previous.id, at))) throw conflict(QUOTE_MESSAGES.accepted);
    // A draft priced before the GST configuration changed goes out at today's rate; once sent it keeps it.
    let totalPaise = draft.total_paise;
    if (draft.gst_basis_points !== Math.round(ctx.gstPercent * 100)) {
      const repriced = priced(linesOf(draft), draft.travellers, ctx.gstPercent);
      if (!(await updateDraft(trx, draft.id, { ...repriced, updated_at: at }))) {
        throw conflict(QUOTE_MESSAGES.nothingToSend);
      }
      totalPaise = repriced.total_paise;
    }
    if (!(await markSent(trx, draft.id, at, user))) throw conflict(QUOTE_MESSAGES.nothingToSend);
    await recordSentRates(trx, draft.id, linesOf(draft), at);
    await recordQuoteNote(trx, quote.inquiry_id, user, quoteEventText.sent(draft.number), at);
    const linkMade = await createTripLinkIfNone(trx, quote.inquiry_id, hashTripToken(token), at);
    await ctx.notifier?.quoteSent(trx, quote.inquiry_id, draft.id, {
      version: draft.number,
      totalPaise,
      validUntil: draft.valid_until,
      url: linkMade ? tripUrl(ctx.siteUrl, token) : null,
    });
    return linkMade;
  });
  ctx.notifier?.committed();
  return made
    ? { url: tripUrl(ctx.siteUrl, token), message: QUOTE_MESSAGES.sent }
    : { url: null, message: QUOTE_MESSAGES.linkUnchanged };
}
