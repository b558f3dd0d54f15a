// Trip inquiries: statuses and derived money, the staff's day (D26), every field described once, the create
// payload (spec §3, spec §5), the staff edit, lists and events, the CSV export's columns (D27), the back office's
// links to a customer, and the dashboard's figures (spec §9).
import { z } from 'zod';
import { HOTEL_TYPES, INQUIRY_FORM_MESSAGES, INQUIRY_TEXT_LIMITS } from './inquiries-rules';
import { GST_STATE_CODE, GST_STATE_MESSAGE, kolkataDate, kolkataDayBounds } from './payments-rules';
import {
  emailSchema,
  idSchema,
  moneySchema,
  multiLineText,
  oneLineText,
  optionalNumber,
  optionalText,
  pagingQuerySchema,
  requiredNumber,
  requiredText,
  searchText,
} from './common';
import { inquiryQuotationSchema } from './quotes';
import { whatsappLink } from './site-rules';

// Inquiry statuses, sorts, derived money and messages.
export const INQUIRY_STATUSES = [
  'New',
  'Working',
  'Follow Up',
  'Advance Received',
  'Booking Pending',
  'Booked',
  'Only Query',
  'Completed',
] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** D6: input status is matched case-insensitively ('new' → 'New'); unknown → undefined. */
export function canonicalStatus(input: string): InquiryStatus | undefined {
  const key = input.trim().replace(/\s+/g, ' ').toLowerCase();
  return INQUIRY_STATUSES.find((s) => s.toLowerCase() === key);
}

/** Spec §4: badge style name is the lowercased, dash-joined status. */
export const statusBadgeName = (status: string) => status.trim().toLowerCase().split(/\s+/).join('-');

/** Spec §4: New is pending; everything but Completed is active. */
export const isPendingStatus = (s: string) => canonicalStatus(s) === 'New';
export const isActiveStatus = (s: string) => canonicalStatus(s) !== 'Completed';

export const INQUIRY_MESSAGES = {
  ...INQUIRY_FORM_MESSAGES,
  updated: 'Inquiry updated successfully!',
  updateFailed: 'Failed to update Inquiry',
  fetchEditFailed: 'Failed to fetch inquiry or staff data.',
  invalidId: 'Inquiry ID is invalid or failed to fetch data.',
  detailsFailed: 'Failed to fetch inquiry details',
  listFailed: 'Failed to fetch inquiries',
  deleted: 'Inquiry deleted successfully',
  deleteFailed: 'Failed to delete Inquiry',
  empty: 'No Inquiry found',
  notFound: 'Inquiry not found',
  unassigned: 'Unassigned',
  staffInvalid: 'The selected staff member does not exist or is no longer active',
  statusInvalid: `Status must be one of: ${INQUIRY_STATUSES.join(', ')}`,
  hotelTypeInvalid: 'Hotel type must be budget, standard or luxury',
  confirmDelete: 'Are you sure you want to delete this inquiry?',
  historyFailed: 'Failed to load the history',
} as const;

/** D7: derived money, computed by the server and shown live by the edit form. */
export const computePendingAmount = (tpc: number, advance: number) => Math.round((tpc - advance) * 100) / 100;
export const computeProfit = (totalRevenue: number, hotelCost: number, cabCost: number) =>
  Math.round((totalRevenue - hotelCost - cabCost) * 100) / 100;

export const INQUIRY_SORTS = [
  'customer',
  'email',
  'contact',
  'staff',
  'destination',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export type InquirySort = (typeof INQUIRY_SORTS)[number];
export const UNFILTERED_COUNT_HEADER = 'X-Unfiltered-Count';
/**
 * A search's X-Total-Count is counted up to this many matches (counting every match of a common word among a
 * million rows would cost a scan of them per request); past it the header says this number and
 * X-Total-Count-Capped is 'true', so the table shows "1,000+". Pages past it are still answered.
 */
export const SEARCH_COUNT_LIMIT = 1_000;
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';

/** D26 adds 'note': staff-only and append-only; its text is `to`. */
export const INQUIRY_EVENT_TYPES = ['created', 'status', 'assignment', 'edit', 'deleted', 'note'] as const;

/** True when an inquiry answer carries the agency's side (Staff and Owner get it; D24). */
export const isFullInquiry = (inquiry: InquiryView): inquiry is Inquiry => 'profit' in inquiry;

// The staff's day (D26): lead sources, follow-up filters and times, stale and repeat leads, notes and the
// quick-contact texts.
export const INQUIRY_SOURCES = ['website', 'phone', 'whatsapp', 'walk-in', 'referral', 'other'] as const;
export type InquirySource = (typeof INQUIRY_SOURCES)[number];
/** What staff pick on /create-inquiry unless they choose otherwise; the public form always stores 'website'. */
export const DEFAULT_STAFF_SOURCE: InquirySource = 'phone';
export const SOURCE_LABELS: Record<InquirySource, string> = {
  website: 'Website',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  'walk-in': 'Walk-in',
  referral: 'Referral',
  other: 'Other',
};
/** A source of null is an inquiry from before sources were recorded. */
export const sourceLabel = (s: string | null | undefined) =>
  s ? (SOURCE_LABELS[s as InquirySource] ?? s) : WORKFLOW_MESSAGES.sourceNotRecorded;

export const FOLLOW_UP_FILTERS = ['overdue', 'today', 'upcoming', 'none'] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];
export const FOLLOW_UP_LABELS: Record<FollowUpFilter, string> = {
  overdue: 'Overdue',
  today: 'Today',
  upcoming: 'Upcoming',
  none: 'No follow-up',
};
/** `assignedTo` takes these words or a staff id. */
export const ASSIGNED_TO_ME = 'me';
export const ASSIGNED_TO_NOBODY = 'unassigned';

export const NOTE_MAX_LENGTH = 2_000;
/** What "Log a call" starts the note with. */
export const CALL_NOTE_PREFIX = 'Called: ';
/** The note "Mark contacted" (POST /api/inquiries/{id}/contacted) leaves in the timeline. */
export const CONTACTED_NOTE = 'Contacted the customer';
/** "Follow up tomorrow" sets this Kolkata hour. */
const FOLLOW_UP_TOMORROW_HOUR = 10;

export const WORKFLOW_MESSAGES = {
  travelDatePast: 'Travel date cannot be in the past',
  travelDateInvalid: 'Travel date must be a date (YYYY-MM-DD)',
  sourceInvalid: `Source must be one of: ${INQUIRY_SOURCES.join(', ')}`,
  packageMissing: 'The selected package does not exist',
  followUpInvalid: 'Follow-up must be a date and time',
  followUpFilterInvalid: `followUp must be one of: ${FOLLOW_UP_FILTERS.join(', ')}`,
  noteRequired: 'Note is required',
  noteTooLong: `Note must be at most ${NOTE_MAX_LENGTH} characters`,
  noteAdded: 'Note added',
  noteFailed: 'Failed to add the note',
  sourceNotRecorded: 'Not recorded',
  contacted: 'Marked as contacted',
  followUpSet: 'Follow-up set',
  myFollowUps: 'My follow-ups',
  newUnassigned: 'New and unassigned',
  noFollowUps: 'No follow-ups due',
  noUnassigned: 'Every new inquiry has a handler',
} as const;

const DAY_MS = 86_400_000;

/** "Follow up tomorrow 10:00": 10:00 Kolkata on the day after `at`'s Kolkata day. */
export const tomorrowAtTen = (at: number) => kolkataDayBounds(at).end + FOLLOW_UP_TOMORROW_HOUR * 3_600_000;

/** A New inquiry untouched for more than a day is waiting: the whole days since its last change, else null. */
export function waitingDays(inquiry: { status: string; updatedAt: string | null }, at: number): number | null {
  if (inquiry.status !== 'New' || !inquiry.updatedAt) return null;
  const idle = at - Date.parse(inquiry.updatedAt);
  return idle > DAY_MS ? Math.floor(idle / DAY_MS) : null;
}
export const waitingLabel = (days: number) => `Waiting ${days} ${days === 1 ? 'day' : 'days'}`;
export const repeatLabel = (n: number) => `${n} other ${n === 1 ? 'inquiry' : 'inquiries'} from this customer`;

// Every field of an inquiry, described once: its API name, labels, who may see it, where it is edited and shown,
// its CSV column and its name in the timeline. The schemas below, the API's row mapping, the CSV export, the
// view page, the edit form and the timeline read it.

/**
 * What a field holds. A `text`, `longText` (several lines), `yesNo` or `gstState` (a state or union territory as
 * its two-digit GST code, payments-rules.ts) field that is not `custom` is wholly described here: its schema, column
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
  /** Schema and row mapping are hand-written (this module's schemas, inquiry.service.ts), even for a text kind. */
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

// Where the inquiry fields are edited and shown (the edit form's sections, the view page's blocks) and how
// pages read their values.

/** The edit form's sections, in the form's order, with their titles. */
export const INQUIRY_EDIT_SECTIONS = {
  customer: 'Customer',
  handler: 'Staff handler',
  trip: 'Trip details',
  followUp: 'Follow-up',
  status: 'Status',
  financial: 'Financial details',
} as const;
export type InquiryEditSection = keyof typeof INQUIRY_EDIT_SECTIONS;

/** The view page's blocks, in its order; `money` is "Payment" for a Customer (what they pay, not the margins). */
export const INQUIRY_VIEW_BLOCKS = {
  customer: { title: 'Customer' },
  trip: { title: 'Trip details' },
  status: { title: 'Status' },
  money: { title: 'Financial details', customerTitle: 'Payment' },
} as const;
export type InquiryViewBlock = keyof typeof INQUIRY_VIEW_BLOCKS;

/** A value in an API answer by its dotted path; null when an object on the way is. */
export function inquiryValueAt(inquiry: object, path: string): unknown {
  let value: unknown = inquiry;
  for (const part of path.split('.')) {
    if (value === null || value === undefined) return null;
    value = (value as Record<string, unknown>)[part];
  }
  return value ?? null;
}

/** How a yes/no answer reads in the view, the CSV and the timeline. */
export const yesNoLabel = (v: boolean | null | undefined) => (v === true ? 'Yes' : v === false ? 'No' : '');

/** An answer's table fields when it has none yet: blank text, yes/no not known. */
export const EMPTY_TABLE_ANSWER = Object.fromEntries(
  INQUIRY_TABLE_FIELDS.map((f) => [f.key, f.kind === 'yesNo' ? null : '']),
) as Pick<Inquiry, InquiryTableFieldKey>;

// The create payload (spec §3, spec §5), the staff edit, the answers, lists and events.

/** D26: a travel date, YYYY-MM-DD (a Kolkata calendar day); blank is none. */
const travelDateSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: WORKFLOW_MESSAGES.travelDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: WORKFLOW_MESSAGES.travelDateInvalid })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: WORKFLOW_MESSAGES.travelDateInvalid,
      },
    )
    .nullable(),
);
const sourceSchema = z.enum(INQUIRY_SOURCES, { error: WORKFLOW_MESSAGES.sourceInvalid });
const packageIdSchema = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable());
/** D26: an instant (ISO 8601 with offset); blank or null clears it. */
const followUpAtSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso.datetime({ offset: true, error: WORKFLOW_MESSAGES.followUpInvalid }).nullable(),
);

const hotelTypeSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(HOTEL_TYPES, { error: INQUIRY_MESSAGES.hotelTypeInvalid }).optional(),
);

const adultsSchema = requiredNumber(INQUIRY_MESSAGES.adultsRequired).pipe(
  z
    .number()
    .int({ error: 'Number of adults must be a whole number' })
    .min(1, { error: 'At least 1 adult is required' })
    .max(100, { error: 'At most 100 adults' }),
);
const kidsSchema = optionalNumber('Number of kids must be a number').pipe(
  z
    .number()
    .int({ error: 'Number of kids must be a whole number' })
    .min(0, { error: 'Number of kids cannot be negative' })
    .max(100, { error: 'At most 100 kids' })
    .optional()
    .default(0),
);
const budgetSchema = requiredNumber(INQUIRY_MESSAGES.budgetRequired).pipe(
  z.number().min(0, { error: 'Budget cannot be negative' }).max(1_000_000_000, { error: 'Budget is too large' }),
);
const whatsappSchema = requiredText(INQUIRY_MESSAGES.whatsappRequired, 30).pipe(
  z.string().regex(/^[+\d][\d\s()-]{4,29}$/, { error: 'Enter a valid WhatsApp number' }),
);

/** A yes/no answer: true, false, or null (blank) when not known. */
const yesNoInput = (f: InquiryFieldSpec) =>
  z.preprocess((v) => (v === '' ? null : v), z.boolean({ error: `${f.label} must be yes or no` }).nullable());
/** A state or union territory as its two-digit GST code ('' when not known). */
const gstStateInput = optionalText(100).refine((v) => v === '' || GST_STATE_CODE.test(v), {
  error: GST_STATE_MESSAGE,
});
const textInput = (f: InquiryFieldSpec) =>
  f.kind === 'gstState' ? gstStateInput : optionalText(f.max, { multiLine: f.kind === 'longText' });

/** The schemas of the fields INQUIRY_FIELDS describes wholly, by key: what a create, an update and an answer hold. */
function tableShape<T extends z.ZodType, Y extends z.ZodType>(
  text: (f: InquiryFieldSpec) => T,
  yesNo: (f: InquiryFieldSpec) => Y,
): Record<InquiryTextFieldKey, T> & Record<InquiryYesNoFieldKey, Y> {
  return Object.fromEntries(
    INQUIRY_TABLE_FIELDS.map((f) => [f.key, f.kind === 'yesNo' ? yesNo(f) : text(f)]),
  ) as Record<InquiryTextFieldKey, T> & Record<InquiryYesNoFieldKey, Y>;
}

/** Only the fields the inquiry form asks for are taken on create (spec §3's payload); the others start empty. */
function askedOnly<T extends object>(shape: T): Pick<T, InquiryAskedFieldKey & keyof T> {
  const asked = new Set<string>(INQUIRY_TABLE_FIELDS.filter((f) => f.asked).map((f) => f.key));
  return Object.fromEntries(Object.entries(shape).filter(([key]) => asked.has(key))) as Pick<
    T,
    InquiryAskedFieldKey & keyof T
  >;
}
/**
 * A shape with the table's other fields after its own: the table's fields it names keep their place (a spread
 * keeps the place of a key already there, and answers are written in their schema's key order).
 */
function withTableFields<S extends z.ZodRawShape, T extends z.ZodRawShape>(shape: S, table: T): S & Omit<T, keyof S> {
  return { ...shape, ...table };
}
const tableCreate = askedOnly(tableShape(textInput, (f) => yesNoInput(f).optional()));
const tableUpdate = tableShape(
  (f) => textInput(f).optional(),
  (f) => yesNoInput(f).optional(),
);
const tableAnswer = tableShape(
  () => z.string(),
  () => z.boolean().nullable(),
);

/** Spec §3 "Inquiry create payload" with the spec §5 rules and messages. */
export const createInquiryBodySchema = z.object(
  withTableFields(
    {
      name: requiredText(INQUIRY_MESSAGES.nameRequired, INQUIRY_TEXT_LIMITS.name),
      email: emailSchema(INQUIRY_MESSAGES.emailInvalid),
      whatsappNumber: whatsappSchema,
      travelingFrom: tableCreate.travelingFrom,
      location: requiredText(INQUIRY_MESSAGES.locationRequired, INQUIRY_TEXT_LIMITS.location),
      noOfAdults: adultsSchema,
      noOfKids: kidsSchema,
      extraInfo: tableCreate.extraInfo,
      tourDuration: tableCreate.tourDuration,
      hotelType: hotelTypeSchema,
      dropCity: tableCreate.dropCity,
      budget: budgetSchema,
      /** D26; on create it may not be before today in Asia/Kolkata. */
      travelDate: travelDateSchema
        .refine((v) => !v || v >= kolkataDate(Date.now()), { error: WORKFLOW_MESSAGES.travelDatePast })
        .optional(),
      /** D26: ignored on the public form (always 'website'); staff default to 'phone'. */
      source: z.preprocess((v) => (v === '' || v === null ? undefined : v), sourceSchema.optional()),
      /** D26: the package a visitor booked from (Book Now); must exist. */
      packageId: packageIdSchema.optional(),
      /** D15 honeypot: people never fill it; a bot that does gets a quiet success and nothing stored. */
      website: z.string().max(500).optional(),
    },
    tableCreate,
  ),
);
export type CreateInquiryBody = z.input<typeof createInquiryBodySchema>;
export type CreateInquiryData = z.output<typeof createInquiryBodySchema>;

const statusSchema = z.string({ error: INQUIRY_MESSAGES.statusInvalid }).transform((v, ctx) => {
  const s = canonicalStatus(v);
  if (!s) {
    ctx.addIssue({ code: 'custom', message: INQUIRY_MESSAGES.statusInvalid });
    return z.NEVER;
  }
  return s;
});

/**
 * PUT /api/inquiries/{id}: the whole inquiry as the edit form holds it. Absent fields keep their
 * stored value, so a partial client never wipes data; derived money and ids are ignored (D7).
 */
export const updateInquiryBodySchema = z.object(
  withTableFields(
    {
      customer: z
        .object({
          name: requiredText(INQUIRY_MESSAGES.nameRequired, INQUIRY_TEXT_LIMITS.name).optional(),
          email: emailSchema(INQUIRY_MESSAGES.emailInvalid).optional(),
          whatsappNumber: whatsappSchema.optional(),
        })
        .optional(),
      travelingFrom: tableUpdate.travelingFrom,
      location: requiredText(INQUIRY_MESSAGES.locationRequired, INQUIRY_TEXT_LIMITS.location).optional(),
      dropCity: tableUpdate.dropCity,
      noOfAdults: adultsSchema.optional(),
      noOfKids: kidsSchema.optional(),
      extraInfo: tableUpdate.extraInfo,
      tourDuration: tableUpdate.tourDuration,
      hotelType: z
        .preprocess(
          (v) => (v === '' ? null : typeof v === 'string' ? v.trim().toLowerCase() : v),
          z.enum(HOTEL_TYPES, { error: INQUIRY_MESSAGES.hotelTypeInvalid }).nullable(),
        )
        .optional(),
      budget: budgetSchema.optional(),
      status: statusSchema.optional(),
      staff: z.object({ id: idSchema.nullable().optional() }).nullable().optional(),
      totalRevenue: moneySchema('Total revenue').optional(),
      hotelCost: moneySchema('Hotel cost').optional(),
      cabCost: moneySchema('Cab cost').optional(),
      advance: moneySchema('Advance').optional(),
      tpc: moneySchema('Total package cost').optional(),
      travelDate: travelDateSchema.optional(),
      source: sourceSchema.nullable().optional(),
      packageId: packageIdSchema.optional(),
      followUpAt: followUpAtSchema.optional(),
    },
    tableUpdate,
  ),
);
export type UpdateInquiryBody = z.input<typeof updateInquiryBodySchema>;
export type UpdateInquiryData = z.output<typeof updateInquiryBodySchema>;

/** Spec §3 Inquiry, as every inquiry response carries it. */
export const inquirySchema = z.object(
  withTableFields(
    {
      _id: idSchema,
      customer: z.object({ name: z.string(), email: z.string(), whatsappNumber: z.string() }),
      staff: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
      travelingFrom: tableAnswer.travelingFrom,
      location: z.string(),
      dropCity: tableAnswer.dropCity,
      noOfAdults: z.number(),
      noOfKids: z.number(),
      extraInfo: tableAnswer.extraInfo,
      tourDuration: tableAnswer.tourDuration,
      hotelType: z.enum(HOTEL_TYPES).nullable(),
      budget: z.number(),
      status: z.string(),
      createdAt: z.string().nullable(),
      updatedAt: z.string().nullable(),
      totalRevenue: z.number(),
      hotelCost: z.number(),
      cabCost: z.number(),
      advance: z.number(),
      tpc: z.number(),
      pendingAmount: z.number(),
      profit: z.number(),
      travelDate: z.string().nullable(),
      /** null: not recorded (inquiries from before D26). */
      source: z.enum(INQUIRY_SOURCES).nullable(),
      /** The linked package; `title` stays when the package is deleted (then `id` is null). */
      package: z.object({ id: z.string().nullable(), title: z.string() }).nullable(),
      followUpAt: z.string().nullable(),
    },
    tableAnswer,
  ),
);
export type Inquiry = z.infer<typeof inquirySchema>;

/**
 * D24: what a Customer (or an anonymous sender) gets of an inquiry: the trip, its status, what it costs
 * them and what is left to pay, and who handles it by name; not the agency's costs, revenue or profit,
 * nor the staff member's e-mail: the fields INQUIRY_FIELDS gives the agency's audience.
 */
export const customerInquirySchema = inquirySchema
  .omit(Object.fromEntries(AGENCY_ONLY_INQUIRY_FIELDS.map((k) => [k, true])) as Record<AgencyTopLevelKey, true>)
  .extend({
    staff: inquirySchema.shape.staff
      .unwrap()
      .omit(Object.fromEntries((AGENCY_ONLY_NESTED_FIELDS.staff ?? []).map((k) => [k, true])) as { email: true })
      .nullable(),
  });
export type CustomerInquiry = z.infer<typeof customerInquirySchema>;

/** An inquiry answer: the full one for Staff and Owner, the customer view otherwise. */
export const inquiryViewSchema = z.union([inquirySchema, customerInquirySchema]);
export type InquiryView = z.infer<typeof inquiryViewSchema>;

/** A back-office row of GET /api/inquiries: the inquiry and its sent quotation's views (issue 51). */
const inquiryListItemSchema = inquirySchema.extend({ quotation: inquiryQuotationSchema.nullable() });
export type InquiryListItem = z.infer<typeof inquiryListItemSchema>;
export const inquiryListSchema = z.array(z.union([inquiryListItemSchema, customerInquirySchema]));

/** D10 list parameters. */
export const inquiryListQuerySchema = pagingQuerySchema.extend({
  sort: z.enum(INQUIRY_SORTS, { error: `sort must be one of: ${INQUIRY_SORTS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  q: searchText(100).optional(),
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const s = canonicalStatus(v);
      if (!s) {
        ctx.addIssue({ code: 'custom', message: INQUIRY_MESSAGES.statusInvalid });
        return z.NEVER;
      }
      return s;
    }),
  /** D26: 'me', 'unassigned' or a staff id. */
  assignedTo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    oneLineText().max(64).optional(),
  ),
  followUp: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(FOLLOW_UP_FILTERS, { error: WORKFLOW_MESSAGES.followUpFilterInvalid }).optional(),
  ),
});
export type InquiryListParams = z.output<typeof inquiryListQuerySchema>;

const statusCountSchema = z.object({ status: z.string(), count: z.number() });
export type StatusCount = z.infer<typeof statusCountSchema>;
export const statusCountListSchema = z.array(statusCountSchema);

export const inquiryEventSchema = z.object({
  _id: idSchema,
  type: z.enum(INQUIRY_EVENT_TYPES),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  field: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
});
export type InquiryEvent = z.infer<typeof inquiryEventSchema>;
export const inquiryEventListSchema = z.array(inquiryEventSchema);

/** D26: POST /api/inquiries/{id}/notes. */
export const inquiryNoteBodySchema = z.object({
  text: multiLineText(WORKFLOW_MESSAGES.noteRequired)
    .min(1, { error: WORKFLOW_MESSAGES.noteRequired })
    .max(NOTE_MAX_LENGTH, { error: WORKFLOW_MESSAGES.noteTooLong }),
});

// The inquiries CSV export (D27): its columns as a spreadsheet shows them and its file name.

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

/** The header line's cells: each column's entry's header (INQUIRY_FIELDS), in INQUIRY_CSV_COLUMNS order. */
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

// The back office's WhatsApp and call links to a customer about their inquiry.

/** Ten digits starting 6-9: an Indian mobile number written without its country code. */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** What the agency's first WhatsApp message to a customer about their inquiry says. */
export const customerGreeting = (customer: string, agency: string, destination: string) =>
  `Hello ${customer}, this is ${agency} about your trip inquiry for ${destination}.`;

/**
 * A customer's number as they typed it, in international digits (no +), or undefined when it does not say its
 * country: with + or 00 the digits say it; an Indian mobile's ten digits (6-9 first), alone or after the trunk 0,
 * are +91.
 */
function internationalDigits(number: string): string | undefined {
  const typed = number.trim();
  const digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : INDIAN_MOBILE.test(digits)
        ? `91${digits}`
        : digits.startsWith('0') && INDIAN_MOBILE.test(digits.slice(1))
          ? `91${digits.slice(1)}`
          : digits.length === 12 && digits.startsWith('91')
            ? digits
            : undefined;
  // E.164 numbers have at most 15 digits; fewer than 8 is no one's mobile.
  if (!international || international.length < 8 || international.length > 15) return undefined;
  return international;
}

/** The wa.me link to a customer's number with a first message, or undefined when the number says no country. */
export function customerWhatsappLink(number: string, text: string): string | undefined {
  const digits = internationalDigits(number);
  return digits ? whatsappLink(digits, text) : undefined;
}

/** A tel: link that calls a customer's number from a phone, or undefined when the number says no country. */
export function customerCallLink(number: string): string | undefined {
  const digits = internationalDigits(number);
  return digits ? `tel:+${digits}` : undefined;
}

// The back-office dashboard figures (spec §9 owner stats).
export const dashboardStatsSchema = z.object({
  totalPackages: z.number(),
  activeInquiries: z.number(),
  pendingInquiries: z.number(),
  inquiriesThisMonth: z.number(),
  latestInquiries: z.array(inquirySchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
