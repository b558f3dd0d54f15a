// D25: the Owner's view of mail delivery (list, retry, failure summary).
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './inquiry-rules';
import { NOTIFICATION_MESSAGES, NOTIFICATION_STATUSES } from './notification-messages';

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(['new_inquiry', 'assignment', 'customer_receipt', 'customer_status', 'signup_notice']),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  tries: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/** D10-style paging, newest first, optionally one status. */
export const notificationListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, { error: `pageSize must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
  status: z.enum(NOTIFICATION_STATUSES, { error: NOTIFICATION_MESSAGES.statusInvalid }).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** Mails whose delivery went wrong in the last 24 hours: given up on, or still retrying after an error. */
export const notificationSummarySchema = z.object({ failing: z.number() });
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().max(1000).default('') });
