// Where the inquiry fields of inquiry-fields.ts are edited and shown (the edit form's sections, the view page's
// blocks) and how pages read their values; zod-free. Apart from the table so that the public form's validation,
// which reads the table, does not carry them.
import type { Inquiry } from './inquiries';
import { INQUIRY_TABLE_FIELDS, type InquiryTableFieldKey } from './inquiry-fields';

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
