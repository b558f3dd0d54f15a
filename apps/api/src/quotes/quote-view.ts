// Quote version rows → answers: the staff's whole view, and the customer's, which is built from named fields only
// (never a copy of the row with fields taken out), so a column added later cannot reach the trip page by accident.
import {
  QUOTE_LINE_KINDS,
  kolkataDayStart,
  lineUnitPricePaise,
  paiseToRupees,
  type QuoteDay,
  type QuoteLineKind,
  type QuoteVersion,
  type QuoteVersionStatus,
  type TripVersion,
} from '@safarnama/contract';
import { toIso } from '../lib/clock';
import type { QuoteVersionRow } from './quote.repository';

/** A line as stored (JSON in quote_versions.lines), amounts in paise. */
export interface StoredLine {
  kind: QuoteLineKind;
  description: string;
  supplierId: string | null;
  quantity: number;
  unitCostPaise: number;
  unitPricePaise: number | null;
  markupPercent: number | null;
}

const DAY_MS = 86_400_000;

/** A sent version is answered as expired once its validUntil day (in India) is over. */
export function isExpired(row: Pick<QuoteVersionRow, 'status' | 'valid_until'>, at: number): boolean {
  return row.status === 'sent' && at >= kolkataDayStart(row.valid_until) + DAY_MS;
}

export const statusOf = (row: Pick<QuoteVersionRow, 'status' | 'valid_until'>, at: number): QuoteVersionStatus =>
  isExpired(row, at) ? 'expired' : row.status;

export const linesOf = (row: Pick<QuoteVersionRow, 'lines'>): StoredLine[] =>
  (JSON.parse(row.lines) as StoredLine[]).filter((l) => QUOTE_LINE_KINDS.includes(l.kind));
const daysOf = (row: Pick<QuoteVersionRow, 'days'>): QuoteDay[] => JSON.parse(row.days) as QuoteDay[];
const listOf = (json: string) => JSON.parse(json) as string[];
const r = paiseToRupees;

/** The version a trip link shows and its paper prints: the accepted one, else the newest sent (expired or not). */
export const shownVersionOf = <T extends Pick<QuoteVersionRow, 'status'>>(versions: readonly T[]): T | undefined =>
  versions.find((v) => v.status === 'accepted') ?? versions.find((v) => v.status === 'sent');

export function toStaffVersion(row: QuoteVersionRow, at: number): QuoteVersion {
  return {
    _id: row.id,
    number: row.number,
    status: statusOf(row, at),
    days: daysOf(row),
    lines: linesOf(row).map((l) => {
      const unitPrice = lineUnitPricePaise(l);
      return {
        kind: l.kind,
        description: l.description,
        supplierId: l.supplierId,
        quantity: l.quantity,
        unitCost: r(l.unitCostPaise),
        unitPrice: r(unitPrice),
        markupPercent: l.markupPercent,
        cost: r(l.quantity * l.unitCostPaise),
        price: r(l.quantity * unitPrice),
      };
    }),
    totals: {
      cost: r(row.cost_paise),
      price: r(row.price_paise),
      margin: r(row.price_paise - row.cost_paise),
      gstPercent: row.gst_basis_points / 100,
      gst: r(row.gst_paise),
      total: r(row.total_paise),
      travellers: row.travellers,
      perTraveller: r(row.per_traveller_paise),
    },
    validUntil: row.valid_until,
    notes: row.notes,
    inclusions: listOf(row.inclusions),
    exclusions: listOf(row.exclusions),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    sentAt: toIso(row.sent_at),
    sentBy: row.sent_at === null ? null : { id: row.sent_by_id, name: row.sent_by_name ?? '' },
    acceptedAt: toIso(row.accepted_at),
    acceptedName: row.accepted_name,
    acceptedIp: row.accepted_ip,
    acceptedUserAgent: row.accepted_user_agent,
    views: row.views,
    lastViewedAt: toIso(row.last_viewed_at),
  };
}

/** D30: what the customer sees of a version: prices only, no cost, margin, supplier or staff member. */
export function toTripVersion(row: QuoteVersionRow, at: number): TripVersion {
  return {
    number: row.number,
    status: statusOf(row, at),
    days: daysOf(row).map((d) => ({ title: d.title, text: d.text })),
    lines: linesOf(row).map((l) => {
      const unitPrice = lineUnitPricePaise(l);
      return {
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        unitPrice: r(unitPrice),
        price: r(l.quantity * unitPrice),
      };
    }),
    totals: {
      price: r(row.price_paise),
      gstPercent: row.gst_basis_points / 100,
      gst: r(row.gst_paise),
      total: r(row.total_paise),
      travellers: row.travellers,
      perTraveller: r(row.per_traveller_paise),
    },
    validUntil: row.valid_until,
    notes: row.notes,
    inclusions: listOf(row.inclusions),
    exclusions: listOf(row.exclusions),
    sentAt: toIso(row.sent_at),
    acceptedAt: toIso(row.accepted_at),
    acceptedName: row.accepted_name,
  };
}
