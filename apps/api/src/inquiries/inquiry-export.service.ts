// The CSV export of the inquiry list (D27): the list's filters and order, every matching row streamed in batches
// (memory stays flat at a million rows), UTF-8 with a BOM so Excel reads it as such, dates in Asia/Kolkata,
// amounts in rupees with two decimals, and text cells neutralised against formula injection.
import {
  INQUIRY_CSV_COLUMNS,
  inquiryField,
  inquiryValueAt,
  sourceLabel,
  yesNoLabel,
  gstStateLabel,
  type Inquiry,
  type InquiryCsvCell,
  type InquiryListParams,
} from '@safarnama/contract';
import { now } from '../lib/clock';
import { kolkataDateTime } from '@safarnama/contract/payments-rules';
import type { AuthUser } from '../plugins/access';
import { listInquiries, workflowFilter } from './inquiry-list.service';
import type { InquiryContext } from './inquiry.service';
import type { ExportLines } from './inquiry-export.repository';

/** A search is read through the list's own pages (its matches are cached and sorted there). */
const SEARCH_PAGE = 200;

/**
 * A spreadsheet runs a cell that starts with = + - or @ (and tab or carriage return, which some strip first) as a
 * formula; a leading apostrophe makes it text. Only text the public can type is neutralised, never our numbers.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const text = (v: string) => csvCell(neutraliseFormula(v));

const money = (rupees: number) => rupees.toFixed(2);
const when = (iso: string | null) => (iso ? kolkataDateTime(Date.parse(iso)) : '');

const CELLS: Record<InquiryCsvCell, (value: unknown) => string> = {
  text: (v) => text(v === null || v === undefined ? '' : String(v)),
  count: (v) => String(v),
  money: (v) => money(v as number),
  when: (v) => when(v as string | null),
  source: (v) => text(v ? sourceLabel(v as string) : ''),
  yesNo: (v) => text(yesNoLabel(v as boolean | null)),
  gstState: (v) => text(v ? gstStateLabel(String(v)) : ''),
};

/**
 * The file's columns: each one's header and cell from the same entry of the fields' table (INQUIRY_FIELDS). The
 * cells of an answer (a search's rows); the database writes those of stored rows by the same rules
 * (inquiry-export-sql.ts).
 */
const INQUIRY_CSV: readonly { key: string; header: string; cell: (i: Inquiry) => string }[] = INQUIRY_CSV_COLUMNS.map(
  (key) => {
    const { header, cell, path } = inquiryField(key).csv!;
    return { key, header, cell: (i: Inquiry) => CELLS[cell](inquiryValueAt(i, path ?? key)) };
  },
);

/** One inquiry as a CSV line. */
function inquiryCsvLine(i: Inquiry): string {
  return INQUIRY_CSV.map((column) => column.cell(i)).join(',');
}

const lines = (items: Inquiry[]) => items.map((i) => `${inquiryCsvLine(i)}\r\n`).join('');

/** The rows the list shows for these filters, in its order: a search through the list's own pages. */
async function* searchedRows(ctx: InquiryContext, user: AuthUser, params: InquiryListParams) {
  for (let page = 1; ; page++) {
    const { items } = await listInquiries(ctx, user, { ...params, page, pageSize: SEARCH_PAGE });
    if (items.length > 0) yield lines(items);
    if (items.length < SEARCH_PAGE) return;
  }
}

/** Without a search: every row the filters keep (D26's workflow filters tested row by row on the way). */
function allRows(lines: ExportLines, user: AuthUser, params: InquiryListParams, batch?: number) {
  const workflow =
    params.assignedTo !== undefined || params.followUp !== undefined ? workflowFilter(user, params, now()) : undefined;
  return lines({ status: params.status, workflow, sort: params.sort, order: params.order }, { batch });
}

/**
 * The export as chunks of text: the BOM and header first, then a batch of lines at a time. Settles once the rows
 * are on their way, so that an export refused (the export pool's queue full) is answered before any byte is sent.
 */
export async function exportInquiriesCsv(
  ctx: InquiryContext,
  lines: ExportLines,
  user: AuthUser,
  params: InquiryListParams,
  /** SQLite's rows per batch (tests). */
  { batch }: { batch?: number } = {},
): Promise<AsyncIterable<string | Buffer>> {
  const header = `\uFEFF${INQUIRY_CSV.map((column) => column.header).join(',')}\r\n`;
  const rows = params.q?.trim() ? searchedRows(ctx, user, params) : await allRows(lines, user, params, batch);
  return (async function* csv() {
    yield header;
    yield* rows;
  })();
}
