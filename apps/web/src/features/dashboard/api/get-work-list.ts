// GET /api/inquiries narrowed by D26's workflow filters, for the back-office dashboards' "My follow-ups" and
// "New and unassigned".
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { TOTAL_COUNT_HEADER } from '@safarnama/contract/common-rules';
import { request } from '../../../lib/api-client';

export interface WorkListQuery {
  assignedTo?: string;
  followUp?: string;
  status?: string;
  order: 'asc' | 'desc';
}

/** Enough rows to order a day's follow-ups by time here (the list sorts by creation, not by follow-up). */
const WORK_LIST_SIZE = 50;

async function getWorkList(query: WorkListQuery, signal?: AbortSignal) {
  const { data, headers } = await request<Inquiry[]>('/api/inquiries', {
    query: { ...query, page: 1, pageSize: WORK_LIST_SIZE, sort: 'createdAt' },
    signal,
  });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

const workListQueryOptions = (query: WorkListQuery) =>
  queryOptions({
    // Under ['inquiries'] so that every edit, note and assignment refreshes it.
    queryKey: ['inquiries', 'work', query],
    queryFn: ({ signal }) => getWorkList(query, signal),
  });

export const useWorkList = (query: WorkListQuery) => useQuery(workListQueryOptions(query));
