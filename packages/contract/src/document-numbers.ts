// Numbered papers (D31 receipts, D32 invoices and credit notes): one series per kind, consecutive per Indian
// financial year. Zod-free: the trip page prints these numbers too.
import { kolkataDate } from './kolkata-time';

export const DOCUMENT_SERIES = ['RCPT', 'INV', 'CN'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** Digits of the sequence part: 'INV/2026-27/0001' is 16 characters, Rule 46's limit for an invoice's serial. */
const SEQ_DIGITS = 4;

/**
 * The Indian financial year holding an instant: April to March in Asia/Kolkata (General Clauses Act s.3(21)),
 * written '2026-27' for 1 April 2026 – 31 March 2027.
 */
export function indianFinancialYear(at: number): string {
  const [year, month] = kolkataDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 'RCPT/2026-27/0001': the series, the financial year and the sequence (more digits once past 9999). */
export const documentNumber = (series: DocumentSeries, fy: string, seq: number) =>
  `${series}/${fy}/${String(seq).padStart(SEQ_DIGITS, '0')}`;
