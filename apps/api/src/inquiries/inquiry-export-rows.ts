// The CSV export's lines of stored rows read as arrays (SQLite, D27): the fields' table (INQUIRY_FIELDS) compiled
// once into one function per column, each from its entry's cell kind and its value's column. At a million rows the
// export spends its time here and in reading the rows, so neither makes an object of a row; the cells follow the
// same rules as inquiry-export.service.ts writes from an answer (searches) and inquiry-export-sql.ts in
// PostgreSQL: inquiry-export-bytes.test.ts holds all three to the same bytes.
import {
  INQUIRY_CSV_COLUMNS,
  SOURCE_LABELS,
  computePendingAmount,
  computeProfit,
  gstStateLabel,
  inquiryField,
  yesNoLabel,
  type InquiryCsvCell,
  type InquiryCsvFieldKey,
  type InquiryFieldKey,
  type InquiryTableFieldKey,
} from '@safarnama/contract';
import { kolkataDateTime } from '@safarnama/contract/payments-rules';
import type { InquiryRow } from './inquiry.repository';
import { TABLE_COLUMN_VALUES } from './inquiry-columns';

/** The stored columns a SQLite batch reads, in the order each row holds them: those any CSV cell is made from. */
export const EXPORT_COLUMNS = [
  'id',
  'customer_name',
  'customer_email',
  'customer_whatsapp',
  'staff_id',
  'staff_name',
  'staff_email',
  'traveling_from',
  'location',
  'drop_city',
  'adults',
  'kids',
  'extra_info',
  'tour_duration',
  'hotel_type',
  'budget_paise',
  'status',
  'total_revenue_paise',
  'hotel_cost_paise',
  'cab_cost_paise',
  'advance_paise',
  'tpc_paise',
  'created_at',
  'updated_at',
  'travel_date',
  'source',
  'package_title',
  'follow_up_at',
  'customer_state',
] as const satisfies readonly (keyof InquiryRow)[];

type ExportColumn = (typeof EXPORT_COLUMNS)[number];
/** One stored row: EXPORT_COLUMNS' values in their order. */
export type ExportRow = readonly unknown[];

/** Where each stored column sits in a row. */
export const EXPORT_AT = Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, i])) as Record<ExportColumn, number>;

const QUOTED = /[",\r\n]/;

/**
 * A spreadsheet runs a cell starting with = + - @, tab or carriage return as a formula; a leading apostrophe makes
 * it text. A cell with a comma, quote or line break is quoted, its quotes doubled (RFC 4180).
 */
function text(s: string): string {
  if (s === '') return s;
  const c = s.charCodeAt(0);
  const safe = c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${s}` : s;
  return QUOTED.test(s) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const DAY_MS = 86_400_000;
const KOLKATA_OFFSET_MS = 330 * 60_000;
/** 'HH:mm' of each minute of a day. */
const MINUTES = Array.from(
  { length: 1440 },
  (_m, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
);
/** 'YYYY-MM-DD ' of Kolkata days met so far (a few thousand at most: the rows' years). */
const DAYS = new Map<number, string>();

/** kolkataDateTime (contract), its day's text worked out once per day: three of each row's cells. */
function kolkataMinute(ms: number): string {
  const local = ms + KOLKATA_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  let dayText = DAYS.get(day);
  if (dayText === undefined) {
    if (DAYS.size >= 100_000) DAYS.clear();
    dayText = kolkataDateTime(day * DAY_MS - KOLKATA_OFFSET_MS).slice(0, 11);
    DAYS.set(day, dayText);
  }
  return dayText + MINUTES[Math.floor((local - day * DAY_MS) / 60_000)]!;
}

const SOURCE_CELLS = new Map(Object.entries(SOURCE_LABELS).map(([code, label]) => [code, text(label)]));

/** Each kind of cell from its value as the API answers it, but for `when`, which takes epoch ms. */
const CELLS: Record<InquiryCsvCell, (v: unknown) => string> = {
  text: (v) => (v === null || v === undefined ? '' : text(String(v))),
  count: (v) => String(v),
  money: (v) => (v as number).toFixed(2),
  when: (v) => (v === null || v === undefined ? '' : kolkataMinute(v as number)),
  source: (v) => (v ? (SOURCE_CELLS.get(v as string) ?? text(v as string)) : ''),
  yesNo: (v) => text(yesNoLabel(v as boolean | null)),
  gstState: (v) => (v ? text(gstStateLabel(String(v))) : ''),
};

const col = (name: ExportColumn) => {
  const at = EXPORT_AT[name];
  return (r: ExportRow) => r[at];
};
const rupees = (name: ExportColumn) => {
  const at = EXPORT_AT[name];
  return (r: ExportRow) => (r[at] as number) / 100;
};
const [tpc, advance, revenue, hotel, cab] = (
  ['tpc_paise', 'advance_paise', 'total_revenue_paise', 'hotel_cost_paise', 'cab_cost_paise'] as const
).map(rupees) as [ReturnType<typeof rupees>, ...ReturnType<typeof rupees>[]];
/** An unassigned row has no staff (its copies of a past handler's name are not shown). */
const ifAssigned = (name: ExportColumn) => {
  const read = col(name);
  return (r: ExportRow) => (r[EXPORT_AT.staff_id] ? read(r) : null);
};

/**
 * Each CSV column's value from a stored row, as toInquiry (inquiry.service.ts) answers it at the column's path,
 * but times in epoch ms. The fields the contract's table describes wholly are read as inquiry-columns.ts stores
 * them; a CSV field added without an entry here fails to compile.
 */
const VALUES: Record<Exclude<InquiryCsvFieldKey, InquiryTableFieldKey>, (r: ExportRow) => unknown> = {
  _id: col('id'),
  createdAt: col('created_at'),
  updatedAt: col('updated_at'),
  status: col('status'),
  'customer.name': col('customer_name'),
  'customer.email': col('customer_email'),
  'customer.whatsappNumber': col('customer_whatsapp'),
  location: col('location'),
  noOfAdults: col('adults'),
  noOfKids: col('kids'),
  hotelType: col('hotel_type'),
  budget: rupees('budget_paise'),
  'staff.name': ifAssigned('staff_name'),
  'staff.email': ifAssigned('staff_email'),
  tpc,
  advance: advance!,
  pendingAmount: (r) => computePendingAmount(tpc(r), advance!(r)),
  totalRevenue: revenue!,
  hotelCost: hotel!,
  cabCost: cab!,
  profit: (r) => computeProfit(revenue!(r), hotel!(r), cab!(r)),
  travelDate: col('travel_date'),
  source: col('source'),
  package: col('package_title'),
  followUpAt: col('follow_up_at'),
};

function valueOf(key: InquiryFieldKey): (r: ExportRow) => unknown {
  const own = (VALUES as Partial<Record<string, (r: ExportRow) => unknown>>)[key];
  if (own) return own;
  const table = TABLE_COLUMN_VALUES.get(key);
  const at = table && EXPORT_AT[table.column as ExportColumn];
  if (at === undefined) throw new Error(`The CSV column ${key} is not read by the export (EXPORT_COLUMNS)`);
  return (r) => table!.toApi(r[at]);
}

const COLUMN_CELLS = INQUIRY_CSV_COLUMNS.map((key) => {
  const format = CELLS[inquiryField(key).csv!.cell];
  const read = valueOf(key);
  return (r: ExportRow) => format(read(r));
});

/** One stored row's CSV line with its CRLF. */
export function exportRowLine(r: ExportRow): string {
  let line = COLUMN_CELLS[0]!(r);
  for (let c = 1; c < COLUMN_CELLS.length; c++) line += `,${COLUMN_CELLS[c]!(r)}`;
  return `${line}\r\n`;
}
