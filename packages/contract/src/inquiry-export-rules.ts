// The inquiries CSV export (D27): its columns as a spreadsheet shows them and its file name; zod-free.
import { INQUIRY_FIELDS, inquiryField, type InquiryCsvFieldKey, type InquiryFieldKey } from './inquiry-fields';

/** D27's columns, in the file's order. */
const D27_COLUMNS = [
  '_id',
  'createdAt',
  'updatedAt',
  'status',
  'customer.name',
  'customer.email',
  'customer.whatsappNumber',
  'travelingFrom',
  'location',
  'dropCity',
  'noOfAdults',
  'noOfKids',
  'tourDuration',
  'hotelType',
  'budget',
  'extraInfo',
  'staff.name',
  'staff.email',
  'tpc',
  'advance',
  'pendingAmount',
  'totalRevenue',
  'hotelCost',
  'cabCost',
  'profit',
  // D26
  'travelDate',
  'source',
  'package',
  'followUpAt',
] as const satisfies readonly InquiryCsvFieldKey[];

/**
 * The CSV's columns: D27's, then any other field with a CSV column, in the table's order (a new field is added
 * at the end). Each column's header and cell are its entry's.
 */
export const INQUIRY_CSV_COLUMNS: readonly InquiryFieldKey[] = [
  ...D27_COLUMNS,
  ...INQUIRY_FIELDS.flatMap((f) => ('csv' in f && !(D27_COLUMNS as readonly string[]).includes(f.key) ? [f.key] : [])),
];

/** The header line's cells: each column's entry's header (inquiry-fields.ts), in INQUIRY_CSV_COLUMNS order. */
export const INQUIRY_CSV_HEADERS: readonly string[] = INQUIRY_CSV_COLUMNS.map((key) => inquiryField(key).csv!.header);

/** inquiries-2025-04-12.csv, dated in Asia/Kolkata. */
export const inquiryCsvFileName = (day: string) => `inquiries-${day}.csv`;

export const INQUIRY_EXPORT_MESSAGES = {
  button: 'Export CSV',
  failed: 'Failed to export the inquiries',
} as const;

/** What the API answers (503, with Retry-After) when exports already fill the export thread and its queue. */
export const EXPORT_POOL_MESSAGES = {
  busy: 'Several exports are being made right now. Please try again in a minute.',
} as const;

/** Seconds a client is asked to wait (Retry-After) before asking for an export again. */
export const EXPORT_RETRY_AFTER_SECONDS = 60;
