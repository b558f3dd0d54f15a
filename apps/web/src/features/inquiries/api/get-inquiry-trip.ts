// GET /api/inquiries/{id}/trip: the inquiry's trip page data (D30), which the inquiry page reads to show the
// customer their quotation's total and a way to it. The page itself is features/trip's.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trip } from '@safarnama/contract/quotes';
import { api } from '../../../lib/api-client';

const getInquiryTrip = (id: string, signal?: AbortSignal) =>
  api.get<Trip>(`/api/inquiries/${encodeURIComponent(id)}/trip`, undefined, signal);

const inquiryTripQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['inquiries', 'trip', id], queryFn: ({ signal }) => getInquiryTrip(id, signal) });

export const useInquiryTrip = (id: string) => useQuery(inquiryTripQueryOptions(id));
