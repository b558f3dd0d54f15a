// GET /api/inquiries with D10's paging, sort, search and status filter; the counts come from headers.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  TOTAL_COUNT_CAPPED_HEADER,
  UNFILTERED_COUNT_HEADER,
  type InquiryListItem,
  type InquirySort,
} from '@safarnama/contract/inquiries';
import { TOTAL_COUNT_HEADER } from '@safarnama/contract/common-rules';
import { request } from '../../../lib/api-client';

export type SortOrder = 'asc' | 'desc';

export interface InquiryListParams {
  page: number;
  pageSize: number;
  sort: InquirySort;
  order: SortOrder;
  q: string;
  status: string;
  /** D26: 'me', 'unassigned', a staff id, or '' for anyone. */
  assignedTo?: string;
  /** D26: 'overdue', 'today', 'upcoming', 'none', or '' for any. */
  followUp?: string;
}

export interface InquiryPage {
  items: InquiryListItem[];
  /** Inquiries matching `q` and `status`. */
  total: number;
  /** Inquiries before `q` and `status` narrow them. */
  unfiltered: number;
  /** The server stopped counting a search's matches at `total` (there may be more). */
  capped: boolean;
}

const count = (headers: Headers, name: string, fallback: number) => {
  const n = Number(headers.get(name));
  return headers.has(name) && Number.isFinite(n) ? n : fallback;
};

async function getInquiries(params: InquiryListParams, signal?: AbortSignal): Promise<InquiryPage> {
  const { data, headers } = await request<InquiryListItem[]>('/api/inquiries', {
    query: {
      ...params,
      q: params.q || undefined,
      status: params.status || undefined,
      assignedTo: params.assignedTo || undefined,
      followUp: params.followUp || undefined,
    },
    signal,
  });
  const total = count(headers, TOTAL_COUNT_HEADER, data.length);
  return {
    items: data,
    total,
    unfiltered: count(headers, UNFILTERED_COUNT_HEADER, total),
    capped: headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
  };
}

const inquiriesQueryOptions = (params: InquiryListParams) =>
  queryOptions({
    queryKey: ['inquiries', 'list', params],
    queryFn: ({ signal }) => getInquiries(params, signal),
    // The table keeps showing the last page while the next loads, so it does not jump.
    placeholderData: keepPreviousData,
  });

export const useInquiries = (params: InquiryListParams) => useQuery(inquiriesQueryOptions(params));
