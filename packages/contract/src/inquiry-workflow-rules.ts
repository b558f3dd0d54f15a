// The staff's day (D26): lead sources, follow-up filters and times, stale and repeat leads, notes and the
// quick-contact texts. Zod-free, so the public form's first load carries only what it imports from here.
import { kolkataDayBounds } from './kolkata-time';

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
