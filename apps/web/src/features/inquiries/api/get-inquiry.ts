// GET /api/inquiries/{id}.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';

export const getInquiry = (id: string, signal?: AbortSignal) =>
  api.get<Inquiry>(`/api/inquiries/${encodeURIComponent(id)}`, undefined, signal);

export const inquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['inquiries', 'detail', id], queryFn: ({ signal }) => getInquiry(id, signal) });

export const useInquiry = (id: string) => useQuery(inquiryQueryOptions(id));
