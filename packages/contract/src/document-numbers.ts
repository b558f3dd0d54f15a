// Numbered papers (D31 receipts, D32 invoices and credit notes): one series per kind, consecutive per Indian
// financial year. Zod-free: the trip page prints these numbers too.
import { kolkataDate } from './kolkata-time';

// RCT, not RCPT: a receipt of an advance taken before the invoice is GST's receipt voucher (Rule 50), whose serial
// has the invoice's limit of 16 characters (Rule 46(b)); 'RCPT/2026-27/0001' is 17.
export const DOCUMENT_SERIES = ['RCT', 'INV', 'CN'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** Digits of the sequence part: 'INV/2026-27/0001' is 16 characters, Rule 46's limit for an invoice's serial. */
const SEQ_DIGITS = 4;
/** Rule 46(b): a serial of at most 16 letters, digits, '-' and '/'. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * The Indian financial year holding an instant: April to March in Asia/Kolkata (General Clauses Act s.3(21)),
 * written '2026-27' for 1 April 2026 – 31 March 2027.
 */
export function indianFinancialYear(at: number): string {
  const [year, month] = kolkataDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * 'RCT/2026-27/0001': the series, the financial year and the sequence. Past 9999 the sequence takes more digits and
 * the year its short form ('INV/26-27/10000') to stay within 16 characters; numbers stay unique, as the counter is
 * per series and year whatever the year is written as.
 */
export function documentNumber(series: DocumentSeries, fy: string, seq: number): string {
  const n = String(seq).padStart(SEQ_DIGITS, '0');
  const long = `${series}/${fy}/${n}`;
  return long.length <= MAX_DOCUMENT_NUMBER_LENGTH ? long : `${series}/${fy.slice(2)}/${n}`;
}
