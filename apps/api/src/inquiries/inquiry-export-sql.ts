// The CSV export's line of a stored row, written by PostgreSQL (D27): the fields' table (inquiry-fields.ts) compiled
// once into one SQL expression, each column's cell from its entry's cell kind and its value's column. At a million
// rows, PostgreSQL's server process builds the lines beside the API rather than the API parsing 28 values a row
// and formatting them on its one core (docs/performance.md, "Reports and export"); the API only joins the lines.
// The same rules as inquiry-export-rows.ts (SQLite) and inquiry-export.service.ts (searches) write:
// inquiry-export-bytes.test.ts holds the three to the same bytes. (In SQLite, in the same process, the same SQL
// took longer than reading the values and formatting them in JavaScript.)
import { sql, type RawBuilder } from 'kysely';
import {
  INQUIRY_CSV_COLUMNS,
  SOURCE_LABELS,
  inquiryField,
  type InquiryCsvCell,
  type InquiryCsvFieldKey,
  type InquiryFieldKey,
  type InquiryTableFieldKey,
} from '@safarnama/contract';
import { TABLE_COLUMN_VALUES } from './inquiry-columns';

type Expr = RawBuilder<unknown>;

/** Asia/Kolkata is UTC+05:30 all year (kolkata-time.ts). */
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** Text SQL for PostgreSQL. */
const d = {
  chr: (code: number) => sql`chr(${sql.lit(code)})`,
  /** Whether text starts with a formula starter: = + - @, tab or carriage return (null: not). */
  startsFormula: (x: Expr) => sql`left(${x}, 1) IN ('=', '+', '-', '@', chr(9), chr(13))`,
  /** Whether text holds a comma, quote or line break (null: not). */
  needsQuotes: (x: Expr) =>
    sql`(strpos(${x}, '"') > 0 OR strpos(${x}, ',') > 0 OR strpos(${x}, chr(13)) > 0 OR strpos(${x}, chr(10)) > 0)`,
  integerText: (x: Expr) => sql`(${x})::text`,
  /** 'YYYY-MM-DD HH:mm' of a UTC wall-clock time in whole minutes since 1970. */
  minuteText: (m: Expr) => sql`to_char(timestamp '1970-01-01' + ${m} * interval '1 minute', 'YYYY-MM-DD HH24:MI')`,
};

/** Each kind of cell from its value: text ('' for null), paise, epoch ms, a source's code, 1/0/null. */
function cellSql(): Record<InquiryCsvCell, (v: Expr) => Expr> {
  /** Formula starters get an apostrophe; a cell with a comma, quote or line break is quoted, its quotes doubled. */
  const text = (v: Expr): Expr => {
    const safe = sql`(CASE WHEN ${d.startsFormula(v)} THEN '''' || ${v} ELSE ${v} END)`;
    return sql`(CASE WHEN ${d.needsQuotes(v)} THEN '"' || replace(${safe}, '"', '""') || '"'
      WHEN ${d.startsFormula(v)} THEN '''' || ${v} ELSE coalesce(${v}, '') END)`;
  };
  return {
    text,
    count: (v) => d.integerText(v),
    // Whole paise as rupees with two decimals, by integer arithmetic (no float to round): -51 is '-0.51'.
    money: (p) => {
      const sign = sql`CASE WHEN ${p} < 0 THEN '-' ELSE '' END`;
      const cents = sql`substr(${d.integerText(sql`100 + abs(${p}) % 100`)}, 2, 2)`;
      return sql`(${sign} || ${d.integerText(sql`abs(${p}) / 100`)} || '.' || ${cents})`;
    },
    when: (ms) =>
      sql`coalesce(${d.minuteText(sql`((${ms}) + ${sql.lit(KOLKATA_OFFSET_MS)}) / 60000`)}, '')`,
    source: (s) =>
      text(
        sql`(CASE ${s} ${sql.join(
          Object.entries(SOURCE_LABELS).map(([code, label]) => sql`WHEN ${sql.lit(code)} THEN ${sql.lit(label)}`),
          sql` `,
        )} ELSE ${s} END)`,
      ),
    yesNo: (v) => sql`(CASE WHEN ${v} IS NULL THEN '' WHEN ${v} = 1 THEN 'Yes' ELSE 'No' END)`,
  };
}

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
  'staff.name': sql`(CASE WHEN coalesce(staff_id, '') <> '' THEN staff_name END)`,
  'staff.email': sql`(CASE WHEN coalesce(staff_id, '') <> '' THEN staff_email END)`,
  tpc: ref('tpc_paise'),
  advance: ref('advance_paise'),
  // D7, as computePendingAmount and computeProfit (inquiry-rules.ts) work them out in rupees.
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

/** One stored row's CSV line, with its CRLF, in PostgreSQL; compiled from the table once. */
export const exportLineSql: Expr = (() => {
  const cells = cellSql();
  const columns = INQUIRY_CSV_COLUMNS.map((key) => cells[inquiryField(key).csv!.cell](valueSql(key)));
  return sql`${sql.join(columns, sql` || ',' || `)} || ${d.chr(13)} || ${d.chr(10)}`;
})();
