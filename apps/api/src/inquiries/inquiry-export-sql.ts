// The CSV export's cells of stored rows, written by PostgreSQL (D27): the fields' table (INQUIRY_FIELDS) compiled
// once into one SQL expression a column, each from its entry's cell kind and its value's column, for
// `COPY (SELECT …) TO STDOUT WITH (FORMAT csv)`. COPY quotes exactly as RFC 4180 and the app do (a value holding a
// comma, a quote or a line break is quoted, its quotes doubled; NULL is an empty cell) in its own C code, in
// PostgreSQL's process beside the API's, so at a million rows the API parses no value and formats no cell
// (docs/performance.md, "Reports and export"). The same rules as inquiry-export-rows.ts (SQLite) and
// inquiry-export.service.ts (searches): inquiry-export-bytes.test.ts holds the three to the same bytes.
import { sql, type RawBuilder } from 'kysely';
import {
  GST_STATES,
  INQUIRY_CSV_COLUMNS,
  SOURCE_LABELS,
  gstStateLabel,
  inquiryField,
  type InquiryCsvCell,
  type InquiryCsvFieldKey,
  type InquiryFieldKey,
  type InquiryTableFieldKey,
} from '@safarnama/contract';
import { TABLE_COLUMN_VALUES } from './inquiry-columns';

type Expr = RawBuilder<unknown>;

/** Asia/Kolkata is UTC+05:30 all year (the contract's payments-rules.ts). */
const KOLKATA_OFFSET_MS = 330 * 60_000;

/**
 * Text: a cell starting with = + - @, tab or carriage return gets an apostrophe (formula injection); an empty one
 * is NULL, which COPY writes as nothing (an empty string it would write as "").
 */
const text = (v: Expr): Expr =>
  sql`(CASE WHEN ascii(${v}) IN (61, 43, 45, 64, 9, 13) THEN '''' || ${v} ELSE nullif(${v}, '') END)`;

/** Each kind of cell from its value: text (NULL is empty), paise, epoch ms, a source's code, 1/0/NULL. */
const CELLS: Record<InquiryCsvCell, (v: Expr) => Expr> = {
  text,
  count: (v) => v,
  // Whole paise times 0.01 is a numeric of scale 2: '-0.51', '0.00', '1234.50', as toFixed(2) writes rupees.
  money: (p) => sql`(${p} * 0.01)`,
  when: (ms) =>
    sql`to_char(timestamp '1970-01-01' + ((${ms} + ${sql.lit(KOLKATA_OFFSET_MS)}) / 60000) * interval '1 minute', 'YYYY-MM-DD HH24:MI')`,
  source: (s) =>
    text(
      sql`(CASE ${s} ${sql.join(
        Object.entries(SOURCE_LABELS).map(([code, label]) => sql`WHEN ${sql.lit(code)} THEN ${sql.lit(label)}`),
        sql` `,
      )} ELSE ${s} END)`,
    ),
  yesNo: (v) => sql`(CASE WHEN ${v} = 1 THEN 'Yes' WHEN ${v} IS NOT NULL THEN 'No' END)`,
  // The state's name with its code, as gstStateLabel writes it; a code not on the list as it is.
  gstState: (v) =>
    text(
      sql`(CASE ${v} ${sql.join(
        GST_STATES.map((state) => sql`WHEN ${sql.lit(state.code)} THEN ${sql.lit(gstStateLabel(state.code))}`),
        sql` `,
      )} ELSE ${v} END)`,
    ),
};

const ref = (column: string) => sql.ref(column);

/**
 * Each CSV column's value in SQL, as toInquiry (inquiry.service.ts) answers it at the column's path but money in
 * paise and times in epoch ms. The fields the contract's table describes wholly are their own columns; a CSV
 * field added without an entry here fails to compile.
 */
const VALUES: Record<Exclude<InquiryCsvFieldKey, InquiryTableFieldKey>, Expr> = {
  _id: ref('id'),
  createdAt: ref('created_at'),
  updatedAt: ref('updated_at'),
  status: ref('status'),
  'customer.name': ref('customer_name'),
  'customer.email': ref('customer_email'),
  'customer.whatsappNumber': ref('customer_whatsapp'),
  location: ref('location'),
  noOfAdults: ref('adults'),
  noOfKids: ref('kids'),
  hotelType: ref('hotel_type'),
  budget: ref('budget_paise'),
  // An unassigned row has no staff (its copies of a past handler's name are not shown).
  'staff.name': sql`(CASE WHEN staff_id <> '' THEN staff_name END)`,
  'staff.email': sql`(CASE WHEN staff_id <> '' THEN staff_email END)`,
  tpc: ref('tpc_paise'),
  advance: ref('advance_paise'),
  // D7, as computePendingAmount and computeProfit (the contract's inquiries.ts) work them out in rupees.
  pendingAmount: sql`(tpc_paise - advance_paise)`,
  totalRevenue: ref('total_revenue_paise'),
  hotelCost: ref('hotel_cost_paise'),
  cabCost: ref('cab_cost_paise'),
  profit: sql`(total_revenue_paise - hotel_cost_paise - cab_cost_paise)`,
  travelDate: ref('travel_date'),
  source: ref('source'),
  package: ref('package_title'),
  followUpAt: ref('follow_up_at'),
};

function valueSql(key: InquiryFieldKey): Expr {
  const own = (VALUES as Partial<Record<string, Expr>>)[key];
  if (own) return own;
  const table = TABLE_COLUMN_VALUES.get(key);
  if (!table) throw new Error(`The CSV column ${key} has no value in SQL`);
  return ref(table.column);
}

/** The CSV's cells of a stored row, in its columns' order, for COPY's select list; compiled from the table once. */
export const exportCellsSql: Expr = sql.join(
  INQUIRY_CSV_COLUMNS.map((key) => CELLS[inquiryField(key).csv!.cell](valueSql(key))),
);

/**
 * COPY writes a row's end as LF; the file's are CRLF. A line break inside a quoted cell stays as it is, so the
 * quotes are followed across chunks (a doubled quote turns the state twice).
 */
export class CrlfRowEnds {
  private quoted = false;

  convert(chunk: Buffer): Buffer {
    const out = Buffer.allocUnsafe(chunk.length * 2);
    let written = 0;
    let from = 0;
    let quote = chunk.indexOf(34);
    let end = chunk.indexOf(10);
    for (;;) {
      if (this.quoted) {
        if (quote < 0) break;
        // The closing quote: a row end before it was inside the cell.
        this.quoted = false;
        if (end >= 0 && end < quote) end = chunk.indexOf(10, quote + 1);
        quote = chunk.indexOf(34, quote + 1);
      } else if (quote >= 0 && (end < 0 || quote < end)) {
        this.quoted = true;
        quote = chunk.indexOf(34, quote + 1);
      } else if (end >= 0) {
        written += chunk.copy(out, written, from, end);
        out[written++] = 13;
        out[written++] = 10;
        from = end + 1;
        end = chunk.indexOf(10, from);
      } else {
        break;
      }
    }
    written += chunk.copy(out, written, from);
    return out.subarray(0, written);
  }
}
