// GET /api/inquiries for a Customer: their own inquiries (D5), newest first, the dashboard's ten.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerInquiry } from '@safarnama/contract/inquiries';
import { DASHBOARD_LIMIT } from '@safarnama/contract/inquiries-rules';
import { TOTAL_COUNT_HEADER } from '@safarnama/contract/common-rules';
import { request } from '../../../lib/api-client';

export interface MyInquiries {
  items: CustomerInquiry[];
  total: number;
}

async function getMyInquiries(signal?: AbortSignal): Promise<MyInquiries> {
  const { data, headers } = await request<CustomerInquiry[]>('/api/inquiries', {
    query: { page: 1, pageSize: DASHBOARD_LIMIT, sort: 'createdAt', order: 'desc' },
    signal,
  });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { items: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

const myInquiriesQueryOptions = () =>
  queryOptions({ queryKey: ['inquiries', 'mine'], queryFn: ({ signal }) => getMyInquiries(signal) });

export const useMyInquiries = () => useQuery(myInquiriesQueryOptions());
