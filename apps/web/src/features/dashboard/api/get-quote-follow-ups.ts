// GET /api/dashboard/quote-follow-ups: the caller's sent quotations waiting on the customer (issue 51), for My work.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteFollowUp } from '@safarnama/contract/quotes';
import { api } from '../../../lib/api-client';

const getQuoteFollowUps = (signal?: AbortSignal) =>
  api.get<QuoteFollowUp[]>('/api/dashboard/quote-follow-ups', undefined, signal);

const quoteFollowUpsQueryOptions = () =>
  queryOptions({
    // Under ['inquiries'] so that every edit, note and assignment refreshes it.
    queryKey: ['inquiries', 'quote-follow-ups'],
    queryFn: ({ signal }) => getQuoteFollowUps(signal),
  });

export const useQuoteFollowUps = () => useQuery(quoteFollowUpsQueryOptions());
