// Messages of the notifications pages (D25): the Owner's delivery list and the unsubscribe result; zod-free for
// /unsubscribed's first load (notifications.ts holds the schemas).

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The kinds of mail the outbox carries (docs/notifications.md), with the Owner's delivery list's label of each. */
export const NOTIFICATION_KIND_LABELS = {
  new_inquiry: 'New inquiry',
  assignment: 'Assignment',
  customer_receipt: 'Customer receipt',
  customer_status: 'Customer status note',
  signup_notice: 'Sign-up with an existing account',
  quote_sent: 'Quotation sent to the customer',
  quote_accepted: 'Quotation accepted',
  quote_changes: 'Quotation changes asked for',
  booking_request: 'Booking request to a supplier',
  booking_update: 'Booking request sent or answered',
  payment_claimed: 'Payment reported by the customer',
  payment_receipt: 'Payment receipt',
  payment_reminder: 'Payment reminder',
  paper_issued: 'Invoice or credit note to the customer',
  vouchers_ready: 'Vouchers ready, to the customer',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KIND_LABELS;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_KIND_LABELS) as [NotificationKind, ...NotificationKind[]];

export const NOTIFICATION_MESSAGES = {
  statusInvalid: `Status must be one of: ${NOTIFICATION_STATUSES.join(', ')}`,
  notFound: 'Notification not found',
  notFailed: 'Only a failed notification can be sent again',
  retried: 'The mail will be sent again shortly',
  listFailed: 'Failed to load notifications',
  retryFailed: 'Failed to send the mail again',
  empty: 'No mail yet',
  unsubscribed: 'You will no longer receive e-mails about the progress of inquiries sent with this address.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Please use the link from your most recent e-mail.',
  /** The Owner dashboard's warning; `n` mails could not be delivered in the last 24 hours. */
  failingWarning: (n: number) => `${n} ${n === 1 ? 'e-mail' : 'e-mails'} could not be delivered in the last 24 hours.`,
  preferencesTitle: 'E-mail notifications',
  notifyNewInquiry: 'E-mail me when a new inquiry arrives',
  notifyAssignment: 'E-mail me when an inquiry is assigned to me',
} as const;
