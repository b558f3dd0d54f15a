// D32: the accountant's CSV of the invoices and credit notes issued in a period, one row each by date and number,
// with the taxable value and the tax split. A credit note's amounts are negative, so each column's sum is the
// period's net. UTF-8 with a BOM as the inquiries' export; text the public typed is neutralised against formulas.
import { gstStateLabel, invoiceTitle, kolkataDate, kolkataDayStart, CREDIT_NOTE_TITLE } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { csvCell, neutraliseFormula } from '../inquiries/inquiry-export.service';
import { findCreditNotesIssued, findInvoicesIssued } from './invoice.repository';

const INVOICE_CSV_HEADERS = [
  'Type',
  'Number',
  'Date',
  'Against invoice',
  'Customer',
  'Customer GSTIN',
  'Place of supply',
  'GST rate',
  'Taxable value',
  'CGST',
  'SGST/UTGST',
  'IGST',
  'Total',
] as const;

const DAY_MS = 86_400_000;
const text = (v: string | null) => csvCell(neutraliseFormula(v ?? ''));
const money = (paise: number, sign: 1 | -1) => ((sign * paise) / 100).toFixed(2);

interface Amounts {
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}
const amountCells = (a: Amounts, sign: 1 | -1) =>
  [a.taxable_paise, a.cgst_paise, a.sgst_paise, a.igst_paise, a.total_paise].map((p) => money(p, sign));

/** The file for Kolkata days `from` … `to`, both inclusive (open ends: from the first paper, up to today). */
export async function exportInvoicesCsv(db: DbOrTx, range: { from?: string; to?: string }): Promise<string> {
  const start = range.from ? kolkataDayStart(range.from) : 0;
  const end = range.to ? kolkataDayStart(range.to) + DAY_MS : Number.MAX_SAFE_INTEGER;
  const [invoices, notes] = await Promise.all([
    findInvoicesIssued(db, start, end),
    findCreditNotesIssued(db, start, end),
  ]);
  const rows = [
    ...invoices.map((i) => ({
      at: i.issued_at,
      order: 0,
      number: i.number,
      cells: [
        invoiceTitle(i.tax_invoice === 1),
        i.number,
        kolkataDate(i.issued_at),
        '',
        text(i.customer_name),
        i.customer_gstin ?? '',
        text(i.place_of_supply ? gstStateLabel(i.place_of_supply) : ''),
        String(i.gst_basis_points / 100),
        ...amountCells(i, 1),
      ],
    })),
    ...notes.map((n) => ({
      at: n.issued_at,
      order: 1,
      number: n.number,
      cells: [
        CREDIT_NOTE_TITLE,
        n.number,
        kolkataDate(n.issued_at),
        n.invoice_number,
        text(n.customer_name),
        n.customer_gstin ?? '',
        text(n.place_of_supply ? gstStateLabel(n.place_of_supply) : ''),
        String(n.gst_basis_points / 100),
        ...amountCells(n, -1),
      ],
    })),
    // By time; at the same instant an invoice before a credit note, then by number.
  ].sort((a, b) => a.at - b.at || a.order - b.order || (a.number < b.number ? -1 : 1));
  return `\uFEFF${[INVOICE_CSV_HEADERS.join(','), ...rows.map((r) => r.cells.join(','))].map((l) => `${l}\r\n`).join('')}`;
}
