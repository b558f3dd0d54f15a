// GET /api/notifications/summary: how many mails could not be delivered in the last 24 hours (Owner dashboard).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSummary } from '@safarnama/contract/notifications';
import { api } from '../../../lib/api-client';

const getNotificationSummary = (signal?: AbortSignal) =>
  api.get<NotificationSummary>('/api/notifications/summary', undefined, signal);

const notificationSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['notifications', 'summary'], queryFn: ({ signal }) => getNotificationSummary(signal) });

export const useNotificationSummary = () => useQuery(notificationSummaryQueryOptions());
