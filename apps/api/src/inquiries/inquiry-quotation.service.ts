// The quotation of an inquiry (D27): who may have it (DESIGN §6: the back office, or the Customer for their own
// once it is priced) and what it says, in the shape the PDF renderer lays out.
import {
  INQUIRY_MESSAGES,
  QUOTATION_MESSAGES,
  QUOTATION_TERMS,
  quotationAmounts,
  type SiteSettings,
} from '@safarnama/contract';
import { conflict, notFound } from '../errors';
import { isId } from '../lib/ids';
import { now } from '../lib/clock';
import { kolkataDay } from '../lib/kolkata-time';
import type { AuthUser } from '../plugins/access';
import { can } from './inquiry.policy';
import { findInquiryById } from './inquiry.repository';
import type { InquiryContext } from './inquiry.service';

export interface Quotation {
  number: string;
  /** 'YYYY-MM-DD' in Asia/Kolkata. */
  date: string;
  agency: Pick<SiteSettings, 'name' | 'phone' | 'email' | 'whatsapp'>;
  customer: { name: string; email: string; whatsapp: string };
  trip: { label: string; value: string }[];
  /** Rupees. */
  amounts: { total: number; advance: number; balance: number };
  terms: readonly string[];
}

/** A stable number per inquiry: the day it was received and the tail of its id, e.g. Q-20250412-3F9A2C. */
export const quotationNumber = (id: string, createdAt: number) =>
  `Q-${kolkataDay(createdAt).replaceAll('-', '')}-${id.replace(/-/g, '').slice(-6).toUpperCase()}`;

export async function getQuotation(
  ctx: InquiryContext,
  user: AuthUser,
  id: string,
  agency: Quotation['agency'],
): Promise<Quotation> {
  const row = isId(id) ? await findInquiryById(ctx.db, id) : undefined;
  // Others' inquiries are simply not found (D5); a Customer's own has no quotation until it is priced.
  if (!row || !can(user, 'read', row)) throw notFound(INQUIRY_MESSAGES.notFound);
  if (user.role === 'Customer' && row.tpc_paise <= 0) throw conflict(QUOTATION_MESSAGES.notReady);
  const travellers = `${row.adults} ${row.adults === 1 ? 'adult' : 'adults'}${
    row.kids > 0 ? `, ${row.kids} ${row.kids === 1 ? 'child' : 'children'}` : ''
  }`;
  const trip = [
    { label: 'From', value: row.traveling_from },
    { label: 'Destination', value: row.location },
    { label: 'Drop city', value: row.drop_city },
    { label: 'Duration', value: row.tour_duration },
    { label: 'Travellers', value: travellers },
    { label: 'Hotel type', value: row.hotel_type ? row.hotel_type[0]!.toUpperCase() + row.hotel_type.slice(1) : '' },
  ].filter((item) => item.value.trim() !== '');
  return {
    number: quotationNumber(row.id, row.created_at),
    date: kolkataDay(now()),
    agency,
    customer: { name: row.customer_name, email: row.customer_email, whatsapp: row.customer_whatsapp },
    trip,
    amounts: quotationAmounts(row.tpc_paise / 100),
    terms: QUOTATION_TERMS,
  };
}
