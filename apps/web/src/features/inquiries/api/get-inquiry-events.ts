// GET /api/inquiries/{id}/events: the inquiry's history (a Customer gets its status changes only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InquiryEvent } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';

const getInquiryEvents = (id: string, signal?: AbortSignal) =>
  api.get<InquiryEvent[]>(`/api/inquiries/${encodeURIComponent(id)}/events`, undefined, signal);

const inquiryEventsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['inquiries', 'events', id],
    queryFn: ({ signal }) => getInquiryEvents(id, signal),
  });

export const useInquiryEvents = (id: string) => useQuery(inquiryEventsQueryOptions(id));
