// D25: the Owner's view of mail delivery (list, retry, failure summary).
import { z } from 'zod';
import { pagingQuerySchema } from './common';
import { NOTIFICATION_KINDS, NOTIFICATION_MESSAGES, NOTIFICATION_STATUSES } from './notifications-rules';

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
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
export const notificationListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(NOTIFICATION_STATUSES, { error: NOTIFICATION_MESSAGES.statusInvalid }).optional(),
});

/** Mails whose delivery went wrong in the last 24 hours: given up on, or still retrying after an error. */
export const notificationSummarySchema = z.object({ failing: z.number() });
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().max(1000).default('') });
