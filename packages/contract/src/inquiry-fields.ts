// Every field of an inquiry, described once: its API name, labels, who may see it, where it is edited and shown,
// its CSV column and its name in the timeline. The schemas (inquiries.ts), the API's row mapping, the CSV export,
// the view page, the edit form and the timeline read it. Zod-free, so pages can import it one by one.
import { INQUIRY_TEXT_LIMITS } from './inquiry-form-rules';
import type { InquiryEditSection, InquiryViewBlock } from './inquiry-field-layout';

/**
 * What a field holds. A `text`, `longText` (several lines), `yesNo` or `gstState` (a state or union territory as
 * its two-digit GST code, gst-rules.ts) field that is not `custom` is wholly described here: its schema, column
 * (the key in snake_case), form input, view, cell and timeline follow from it.
 * The other kinds have hand-written schemas and row mapping, and only their labels and places come from here.
 */
type InquiryFieldKind =
  | 'id'
  | 'text'
  | 'longText'
  | 'yesNo'
  | 'gstState'
  | 'email'
  | 'phone'
  | 'count'
  | 'money'
  | 'hotelType'
  | 'status'
  | 'person'
  | 'stamp'
  | 'date'
  | 'instant'
  | 'source'
  | 'package';

/** D24: 'customer' fields are in a Customer's answers too; 'agency' ones only in the back office's. */
type InquiryAudience = 'customer' | 'agency';

/** How a CSV cell is written (D27): text neutralised against formulas, rupees with two decimals, Kolkata times. */
export type InquiryCsvCell = 'text' | 'count' | 'money' | 'when' | 'source' | 'yesNo' | 'gstState';

export interface InquiryFieldSpec {
  /** The API name ('customer.name' inside `customer`); an edit event names the field by it. */
  key: string;
  /** As the view page and the edit form label it. */
  label: string;
  kind: InquiryFieldKind;
  /** Absent: 'customer'. */
  audience?: InquiryAudience;
  /** Schema and row mapping are hand-written (inquiries.ts, inquiry.service.ts), even for a text kind. */
  custom?: true;
  /** Characters at most (text kinds). */
  max?: number;
  /** Asked by the inquiry form too (spec §5's create payload); otherwise a new inquiry has it empty. */
  asked?: true;
  /** The edit form's section; absent: not edited there. */
  edit?: InquiryEditSection;
  /** Where the view page shows it: its block and place in it (lower first); `staffOnly` hides it from a Customer. */
  view?: { block: InquiryViewBlock; order: number; staffOnly?: true; customerLabel?: string; signed?: true };
  /** Its CSV column (INQUIRY_CSV_COLUMNS orders them); `path` when the cell is read elsewhere in the answer. */
  csv?: { header: string; cell: InquiryCsvCell; path?: string };
  /** Its name in the timeline ("changed <timeline> from … to …"); absent: its changes are not recorded. */
  timeline?: string;
}

/**
 * In the order edit events are recorded (one save's events keep it) and fields without a place of their own are
 * added to their section, block or the CSV. To add a field, see docs/ARCHITECTURE.md "Add an inquiry field".
 */
export const INQUIRY_FIELDS = [
  { key: '_id', label: 'ID', kind: 'id', csv: { header: 'ID', cell: 'text' } },
  {
    key: 'customer.name',
    label: 'Name',
    kind: 'text',
    custom: true,
    edit: 'customer',
    view: { block: 'customer', order: 10 },
    csv: { header: 'Customer name', cell: 'text' },
    timeline: 'customer name',
  },
  {
    key: 'customer.email',
    label: 'Email',
    kind: 'email',
    edit: 'customer',
    view: { block: 'customer', order: 20 },
    csv: { header: 'Customer email', cell: 'text' },
    timeline: 'customer email',
  },
  {
    key: 'customer.whatsappNumber',
    label: 'WhatsApp number',
    kind: 'phone',
    edit: 'customer',
    view: { block: 'customer', order: 30 },
    csv: { header: 'Customer WhatsApp', cell: 'text' },
    timeline: 'WhatsApp number',
  },
  {
    key: 'customerState',
    label: 'State',
    kind: 'gstState',
    edit: 'customer',
    view: { block: 'customer', order: 40 },
    csv: { header: 'Customer state', cell: 'gstState' },
    timeline: 'state',
  },
  {
    key: 'travelingFrom',
    label: 'Traveling from',
    kind: 'text',
    asked: true,
    max: INQUIRY_TEXT_LIMITS.travelingFrom,
    edit: 'trip',
    view: { block: 'trip', order: 10 },
    csv: { header: 'Travelling from', cell: 'text' },
    timeline: 'traveling from',
  },
  {
    key: 'location',
    label: 'Destination',
    kind: 'text',
    custom: true,
    edit: 'trip',
    view: { block: 'trip', order: 20 },
    csv: { header: 'Destination', cell: 'text' },
    timeline: 'destination',
  },
  {
    key: 'dropCity',
    label: 'Drop city',
    kind: 'text',
    asked: true,
    max: INQUIRY_TEXT_LIMITS.dropCity,
    edit: 'trip',
    view: { block: 'trip', order: 30 },
    csv: { header: 'Drop city', cell: 'text' },
    timeline: 'drop city',
  },
  {
    key: 'noOfAdults',
    label: 'Adults',
    kind: 'count',
    edit: 'trip',
    view: { block: 'trip', order: 40 },
    csv: { header: 'Adults', cell: 'count' },
    timeline: 'adults',
  },
  {
    key: 'noOfKids',
    label: 'Kids',
    kind: 'count',
    edit: 'trip',
    view: { block: 'trip', order: 50 },
    csv: { header: 'Kids', cell: 'count' },
    timeline: 'kids',
  },
  {
    key: 'extraInfo',
    label: 'Extra information',
    kind: 'longText',
    asked: true,
    max: INQUIRY_TEXT_LIMITS.extraInfo,
    edit: 'trip',
    view: { block: 'trip', order: 1000 },
    csv: { header: 'Extra information', cell: 'text' },
    timeline: 'extra information',
  },
  {
    key: 'tourDuration',
    label: 'Tour duration',
    kind: 'text',
    asked: true,
    max: INQUIRY_TEXT_LIMITS.tourDuration,
    edit: 'trip',
    view: { block: 'trip', order: 60 },
    csv: { header: 'Tour duration', cell: 'text' },
    timeline: 'tour duration',
  },
  {
    key: 'hotelType',
    label: 'Hotel type',
    kind: 'hotelType',
    edit: 'trip',
    view: { block: 'trip', order: 70 },
    csv: { header: 'Hotel type', cell: 'text' },
    timeline: 'hotel type',
  },
  {
    key: 'budget',
    label: 'Budget',
    kind: 'money',
    edit: 'trip',
    view: { block: 'trip', order: 80 },
    csv: { header: 'Budget', cell: 'money' },
    timeline: 'budget',
  },
  {
    key: 'status',
    label: 'Status',
    kind: 'status',
    edit: 'status',
    view: { block: 'status', order: 10 },
    csv: { header: 'Status', cell: 'text' },
  },
  {
    key: 'staff.name',
    label: 'Handled by',
    kind: 'person',
    edit: 'handler',
    view: { block: 'status', order: 20 },
    csv: { header: 'Staff name', cell: 'text' },
  },
  {
    key: 'staff.email',
    label: 'Staff email',
    kind: 'email',
    audience: 'agency',
    csv: { header: 'Staff email', cell: 'text' },
  },
  {
    key: 'createdAt',
    label: 'Created',
    kind: 'stamp',
    view: { block: 'status', order: 30 },
    csv: { header: 'Received', cell: 'when' },
  },
  {
    key: 'updatedAt',
    label: 'Updated',
    kind: 'stamp',
    view: { block: 'status', order: 40 },
    csv: { header: 'Updated', cell: 'when' },
  },
  {
    key: 'totalRevenue',
    label: 'Total revenue',
    kind: 'money',
    audience: 'agency',
    edit: 'financial',
    view: { block: 'money', order: 40 },
    csv: { header: 'Total revenue', cell: 'money' },
    timeline: 'total revenue',
  },
  {
    key: 'hotelCost',
    label: 'Hotel cost',
    kind: 'money',
    audience: 'agency',
    edit: 'financial',
    view: { block: 'money', order: 50 },
    csv: { header: 'Hotel cost', cell: 'money' },
    timeline: 'hotel cost',
  },
  {
    key: 'cabCost',
    label: 'Cab cost',
    kind: 'money',
    audience: 'agency',
    edit: 'financial',
    view: { block: 'money', order: 60 },
    csv: { header: 'Cab cost', cell: 'money' },
    timeline: 'cab cost',
  },
  {
    key: 'advance',
    label: 'Advance received',
    kind: 'money',
    edit: 'financial',
    view: { block: 'money', order: 20, customerLabel: 'Advance paid' },
    csv: { header: 'Advance', cell: 'money' },
    timeline: 'advance',
  },
  {
    key: 'tpc',
    label: 'Total package cost',
    kind: 'money',
    edit: 'financial',
    view: { block: 'money', order: 10 },
    csv: { header: 'Total package cost', cell: 'money' },
    timeline: 'total package cost',
  },
  {
    key: 'pendingAmount',
    label: 'Pending amount',
    kind: 'money',
    view: { block: 'money', order: 30 },
    csv: { header: 'Pending amount', cell: 'money' },
  },
  {
    key: 'profit',
    label: 'Profit',
    kind: 'money',
    audience: 'agency',
    view: { block: 'money', order: 70, signed: true },
    csv: { header: 'Profit', cell: 'money' },
  },
  {
    key: 'travelDate',
    label: 'Travel date',
    kind: 'date',
    edit: 'trip',
    view: { block: 'trip', order: 90 },
    csv: { header: 'Travel date', cell: 'text' },
    timeline: 'travel date',
  },
  {
    key: 'source',
    label: 'Source',
    kind: 'source',
    edit: 'trip',
    view: { block: 'status', order: 50, staffOnly: true },
    csv: { header: 'Source', cell: 'source' },
    timeline: 'source',
  },
  {
    key: 'package',
    label: 'Package',
    kind: 'package',
    edit: 'trip',
    view: { block: 'trip', order: 100 },
    csv: { header: 'Package', cell: 'text', path: 'package.title' },
    timeline: 'package',
  },
  {
    key: 'followUpAt',
    label: 'Follow up at',
    kind: 'instant',
    audience: 'agency',
    edit: 'followUp',
    view: { block: 'status', order: 60 },
    csv: { header: 'Follow up at', cell: 'when' },
    timeline: 'follow-up',
  },
] as const satisfies readonly InquiryFieldSpec[];

type Entry = (typeof INQUIRY_FIELDS)[number];
export type InquiryFieldKey = Entry['key'];
/** The fields with a CSV column. */
export type InquiryCsvFieldKey = Extract<Entry, { csv: object }>['key'];

/** Fields the table describes wholly (see InquiryFieldKind), by kind. */
type TableEntry = Exclude<Entry, { custom: true }>;
export type InquiryTextFieldKey = Extract<TableEntry, { kind: 'text' | 'longText' | 'gstState' }>['key'];
export type InquiryYesNoFieldKey = Extract<TableEntry, { kind: 'yesNo' }>['key'];
export type InquiryTableFieldKey = InquiryTextFieldKey | InquiryYesNoFieldKey;
/** The table fields the inquiry form asks for (its create payload's). */
export type InquiryAskedFieldKey = Extract<TableEntry, { asked: true }>['key'];
/** D24: the top-level fields a Customer's answers leave out, and those left out of a nested object ('staff.email'). */
type AgencyKey = Extract<Entry, { audience: 'agency' }>['key'];
export type AgencyTopLevelKey = Exclude<AgencyKey, `${string}.${string}`>;

const byKey = new Map<string, InquiryFieldSpec>(INQUIRY_FIELDS.map((f) => [f.key, f]));

export function inquiryField(key: InquiryFieldKey): InquiryFieldSpec {
  return byKey.get(key)!;
}

/** The entries the table describes wholly, in its order. */
export const INQUIRY_TABLE_FIELDS: readonly (InquiryFieldSpec & { key: InquiryTableFieldKey })[] =
  INQUIRY_FIELDS.filter(
    (f): f is Extract<TableEntry, { key: InquiryTableFieldKey }> =>
      !('custom' in f) && ['text', 'longText', 'yesNo', 'gstState'].includes(f.kind),
  );

/** The top-level agency fields (D24), in the table's order. */
export const AGENCY_ONLY_INQUIRY_FIELDS = INQUIRY_FIELDS.flatMap((f) =>
  'audience' in f && f.audience === 'agency' && !f.key.includes('.') ? [f.key as AgencyTopLevelKey] : [],
);
/** The agency fields inside a nested object, by the object: { staff: ['email'] }. */
export const AGENCY_ONLY_NESTED_FIELDS: Readonly<Record<string, readonly string[]>> = INQUIRY_FIELDS.reduce<
  Record<string, string[]>
>((acc, f) => {
  const [outer, inner] = f.key.split('.');
  if ('audience' in f && f.audience === 'agency' && inner !== undefined) (acc[outer!] ??= []).push(inner);
  return acc;
}, {});
