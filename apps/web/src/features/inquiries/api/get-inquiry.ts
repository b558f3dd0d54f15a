// GET /api/inquiries/{id}: the whole inquiry for the back office, the customer view for a Customer (D24).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InquiryView } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';

const getInquiry = (id: string, signal?: AbortSignal) =>
  api.get<InquiryView>(`/api/inquiries/${encodeURIComponent(id)}`, undefined, signal);

const inquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['inquiries', 'detail', id], queryFn: ({ signal }) => getInquiry(id, signal) });

export const useInquiry = (id: string) => useQuery(inquiryQueryOptions(id));
