// Issue 51's one paper: once an inquiry has a sent or accepted version, its quotation PDF is that version, the
// trip page on paper — built from the customer's view of the version (toTripVersion), so no cost, margin or
// supplier can reach it — for staff (GET /api/inquiries/{id}/quotation.pdf) and through the trip link alike.
import {
  TRIP_TERMS,
  formatShortDate,
  kolkataDate,
  quotationAmounts,
  quoteVersionTitle,
  type SiteSettings,
  type TripVersion,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import type { QuotableInquiry } from '../inquiries/inquiry-quotes';
import { findQuoteByInquiry, findVersions } from './quote.repository';
import { shownVersionOf, toTripVersion } from './quote-view';

export interface QuotePaper {
  /** "Quotation v2". */
  title: string;
  /** D27's number of the inquiry's quotation. */
  number: string;
  fileName: string;
  /** The day it was sent, in India: a version never changes, nor does its paper. */
  sentOn: string | null;
  agency: Pick<SiteSettings, 'name' | 'phone' | 'email' | 'whatsapp'>;
  customerName: string;
  trip: { label: string; value: string }[];
  version: TripVersion;
  /** Rupees: the total split by the terms. */
  amounts: { total: number; advance: number; balance: number };
  terms: readonly string[];
}

const day = (ymd: string) => formatShortDate(`${ymd}T12:00:00+05:30`);

function tripRows(inquiry: QuotableInquiry): QuotePaper['trip'] {
  const travellers = `${inquiry.adults} ${inquiry.adults === 1 ? 'adult' : 'adults'}${
    inquiry.kids > 0 ? `, ${inquiry.kids} ${inquiry.kids === 1 ? 'child' : 'children'}` : ''
  }`;
  return [
    { label: 'Destination', value: inquiry.location },
    { label: 'Travel date', value: inquiry.travelDate ? day(inquiry.travelDate) : '' },
    { label: 'Duration', value: inquiry.tourDuration },
    { label: 'Travellers', value: travellers },
    // As on the trip page: the handler by name only, never their e-mail.
    { label: 'Your contact', value: inquiry.staffId ? inquiry.staffName : '' },
  ].filter((item) => item.value.trim() !== '');
}

/** The paper of the version the inquiry's trip link shows; undefined while none was sent (D27's paper stays). */
export async function findQuotePaper(
  db: DbOrTx,
  inquiry: QuotableInquiry,
  agency: QuotePaper['agency'],
  at: number,
): Promise<QuotePaper | undefined> {
  const quote = await findQuoteByInquiry(db, inquiry.id);
  const row = quote ? shownVersionOf(await findVersions(db, quote.id)) : undefined;
  if (!row) return undefined;
  const version = toTripVersion(row, at);
  return {
    title: quoteVersionTitle(version.number),
    number: inquiry.quotationNumber,
    fileName: `quotation-${inquiry.quotationNumber}-v${version.number}.pdf`,
    sentOn: row.sent_at === null ? null : kolkataDate(row.sent_at),
    agency: { name: agency.name, phone: agency.phone, email: agency.email, whatsapp: agency.whatsapp },
    customerName: inquiry.customerName,
    trip: tripRows(inquiry),
    version,
    amounts: quotationAmounts(version.totals.total),
    terms: TRIP_TERMS.text,
  };
}
