// The inquiries CSV export (D27): its columns as a spreadsheet shows them and its file name; zod-free.
import { INQUIRY_CSV_COLUMNS, inquiryField } from './inquiry-fields';

/** The header line's cells: each column's entry's header (inquiry-fields.ts), in INQUIRY_CSV_COLUMNS order. */
export const INQUIRY_CSV_HEADERS: readonly string[] = INQUIRY_CSV_COLUMNS.map((key) => inquiryField(key).csv!.header);

/** inquiries-2025-04-12.csv, dated in Asia/Kolkata. */
export const inquiryCsvFileName = (day: string) => `inquiries-${day}.csv`;

export const INQUIRY_EXPORT_MESSAGES = {
  button: 'Export CSV',
  failed: 'Failed to export the inquiries',
} as const;
