// The CSV export of the inquiry list (D27): the list's filters and order, every matching row streamed in batches
// (memory stays flat at a million rows), UTF-8 with a BOM so Excel reads it as such, dates in Asia/Kolkata,
// amounts in rupees with two decimals, and text cells neutralised against formula injection.
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  INQUIRY_CSV_COLUMNS,
  inquiryField,
  inquiryValueAt,
  sourceLabel,
  yesNoLabel,
  type Inquiry,
  type InquiryCsvCell,
  type InquiryListParams,
} from '@safarnama/contract';
import { now } from '../lib/clock';
import { kolkataDateTime } from '@safarnama/contract/kolkata-time';
import type { AuthUser } from '../plugins/access';
import { listInquiries, workflowFilter } from './inquiry-list.service';
import type { InquiryContext } from './inquiry.service';
import type { ExportBatch, ExportBatchReader } from './inquiry-export.repository';

/**
 * Rows per database read when walking the whole list: each batch is read and written out in one go, a few
 * milliseconds that no other request waits behind for longer (docs/performance.md, "Reports and export").
 */
const BATCH = 2000;
/** A search is read through the list's own pages (its matches are cached and sorted there). */
const SEARCH_PAGE = 200;

/**
 * A spreadsheet runs a cell that starts with = + - or @ (and tab or carriage return, which some strip first) as a
 * formula; a leading apostrophe makes it text. Only text the public can type is neutralised, never our numbers.
 */
function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
function csvCell(value: string): string {
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
};

/**
 * The file's columns: each one's header and cell from the same entry of the fields' table (inquiry-fields.ts). The
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

/** Without a search: keyset batches over the sort index (D26's workflow filters tested row by row on the way). */
async function* allRows(
  ctx: InquiryContext,
  readBatch: ExportBatchReader,
  user: AuthUser,
  params: InquiryListParams,
  batch: number,
) {
  let after: ExportBatch['last'];
  const workflow =
    params.assignedTo !== undefined || params.followUp !== undefined ? workflowFilter(user, params, now()) : undefined;
  for (;;) {
    const read = await readBatch({
      status: params.status,
      workflow,
      hideWorkflowFromIndex: ctx.engine === 'sqlite',
      sort: params.sort,
      order: params.order,
      after,
      limit: batch,
    });
    // As bytes at once, so that the many strings of a batch's lines die young: a batch's worth of live strings made
    // each young-generation collection copy them, and collecting took more time than the rest.
    if (read.count > 0) yield Buffer.from(read.lines, 'utf8');
    if (read.count < batch) return;
    after = read.last;
    // Other requests get their turn between batches even when the reader takes each chunk at once.
    await nextTurn();
  }
}

/** The export as chunks of text: the BOM and header first, then a batch of lines at a time. */
export async function* exportInquiriesCsv(
  ctx: InquiryContext,
  readBatch: ExportBatchReader,
  user: AuthUser,
  params: InquiryListParams,
  { batch = BATCH }: { batch?: number } = {},
): AsyncGenerator<string | Buffer> {
  yield `\uFEFF${INQUIRY_CSV.map((column) => column.header).join(',')}\r\n`;
  yield* params.q?.trim() ? searchedRows(ctx, user, params) : allRows(ctx, readBatch, user, params, batch);
}
