// The inquiries CSV export (D27): its columns as a spreadsheet shows them and its file name; zod-free.
export const INQUIRY_CSV_HEADERS = [
  'ID',
  'Received',
  'Updated',
  'Status',
  'Customer name',
  'Customer email',
  'Customer WhatsApp',
  'Travelling from',
  'Destination',
  'Drop city',
  'Adults',
  'Kids',
  'Tour duration',
  'Hotel type',
  'Budget',
  'Extra information',
  'Staff name',
  'Staff email',
  'Total package cost',
  'Advance',
  'Pending amount',
  'Total revenue',
  'Hotel cost',
  'Cab cost',
  'Profit',
  // D26
  'Travel date',
  'Source',
  'Package',
  'Follow up at',
] as const;

/** inquiries-2025-04-12.csv, dated in Asia/Kolkata. */
export const inquiryCsvFileName = (day: string) => `inquiries-${day}.csv`;

export const INQUIRY_EXPORT_MESSAGES = {
  button: 'Export CSV',
  failed: 'Failed to export the inquiries',
} as const;
