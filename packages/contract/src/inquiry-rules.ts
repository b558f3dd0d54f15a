// Inquiry statuses, hotel types, sorts, derived money and messages: the zod-free rules both sides share.
import { INQUIRY_FORM_MESSAGES } from './inquiry-form-rules';
import type { Inquiry, InquiryView } from './inquiries';

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
