// The quotation of an inquiry (D27): who may have it (decisions §6: the back office, or the Customer for their own
// once it is priced or a version was sent) and what it says, in the shape the PDF renderer lays out: the version's
// paper once one was sent (issue 51, quotes/quote-paper.ts), else the priced inquiry's.
import {
  INQUIRY_MESSAGES,
  QUOTATION_MESSAGES,
  QUOTATION_TERMS,
  formatShortDate,
  kolkataDate,
  quotationAmounts,
  type SiteSettings,
} from '@safarnama/contract';
import { conflict, notFound } from '../errors';
import { isId } from '../lib/ids';
import { now } from '../lib/clock';
import type { AuthUser } from '../plugins/access';
import { can } from './inquiry.policy';
import { findInquiryById } from './inquiry.repository';
import { quotableOf, quotationNumber } from './inquiry-quotes';
import { findQuotePaper, type QuotePaper } from '../quotes/quote-paper';
import type { InquiryContext } from './inquiry.service';
import { findPackageById } from '../packages/package.repository';

/** A package's list column (a JSON array of strings); anything else reads as empty. */
function textList(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export interface Quotation {
  number: string;
  /** 'YYYY-MM-DD' in Asia/Kolkata. */
  date: string;
  agency: Pick<SiteSettings, 'name' | 'phone' | 'email' | 'whatsapp'>;
  customer: { name: string; email: string; whatsapp: string };
  trip: { label: string; value: string }[];
  /** D26: the package the inquiry asked about, while it exists: what the trip includes and leaves out. */
  package?: { title: string; itinerary: string; inclusions: string[]; exclusions: string[] };
  /** Rupees. */
  amounts: { total: number; advance: number; balance: number };
  terms: readonly string[];
}

/** The one paper of an inquiry: its shown version's once one was sent, else the priced inquiry's. */
export type QuotationPaper = { version: QuotePaper } | { priced: Quotation };

export async function getQuotation(
  ctx: InquiryContext,
  user: AuthUser,
  id: string,
  agency: Quotation['agency'],
): Promise<QuotationPaper> {
  const row = isId(id) ? await findInquiryById(ctx.db, id) : undefined;
  // Others' inquiries are simply not found (D5).
  if (!row || !can(user, 'read', row)) throw notFound(INQUIRY_MESSAGES.notFound);
  const version = await findQuotePaper(ctx.db, quotableOf(row), agency, now());
  if (version) return { version };
  // A Customer's own has no quotation until it is priced.
  if (user.role === 'Customer' && row.tpc_paise <= 0) throw conflict(QUOTATION_MESSAGES.notReady);
  const travellers = `${row.adults} ${row.adults === 1 ? 'adult' : 'adults'}${
    row.kids > 0 ? `, ${row.kids} ${row.kids === 1 ? 'child' : 'children'}` : ''
  }`;
  const trip = [
    { label: 'From', value: row.traveling_from },
    { label: 'Destination', value: row.location },
    { label: 'Drop city', value: row.drop_city },
    { label: 'Duration', value: row.tour_duration },
    { label: 'Travel date', value: row.travel_date ? formatShortDate(`${row.travel_date}T12:00:00+05:30`) : '' },
    { label: 'Travellers', value: travellers },
    { label: 'Hotel type', value: row.hotel_type ? row.hotel_type[0]!.toUpperCase() + row.hotel_type.slice(1) : '' },
  ].filter((item) => item.value.trim() !== '');
  const pkg = row.package_id ? await findPackageById(ctx.db, row.package_id) : undefined;
  const priced: Quotation = {
    number: quotationNumber(row.id, row.created_at),
    date: kolkataDate(now()),
    agency,
    customer: { name: row.customer_name, email: row.customer_email, whatsapp: row.customer_whatsapp },
    trip,
    amounts: quotationAmounts(row.tpc_paise / 100),
    terms: QUOTATION_TERMS,
    ...(pkg
      ? {
          package: {
            title: pkg.name,
            itinerary: pkg.itinerary,
            inclusions: textList(pkg.inclusions),
            exclusions: textList(pkg.exclusions),
          },
        }
      : {}),
  };
  return { priced };
}
