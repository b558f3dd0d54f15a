// GET /api/notifications: a page of recent mails with their delivery status (Owner), and the total that match.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@safarnama/contract/notifications';
import type { NotificationStatus } from '@safarnama/contract/notifications-rules';
import { TOTAL_COUNT_HEADER } from '@safarnama/contract/common-rules';
import { request } from '../../../lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 25;

export interface NotificationPage {
  items: Notification[];
  total: number;
}

export interface NotificationFilter {
  status?: NotificationStatus;
  page: number;
}

async function getNotifications(filter: NotificationFilter, signal?: AbortSignal): Promise<NotificationPage> {
  const { data, headers } = await request<Notification[]>('/api/notifications', {
    query: { status: filter.status, page: filter.page, pageSize: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

const notificationsQueryOptions = (filter: NotificationFilter) =>
  queryOptions({
    queryKey: ['notifications', 'list', filter],
    queryFn: ({ signal }) => getNotifications(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (filter: NotificationFilter) => useQuery(notificationsQueryOptions(filter));
