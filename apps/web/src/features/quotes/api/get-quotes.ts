// GET /api/inquiries/{id}/quotes: the inquiry's quotation (a list of 0 or 1) with every version, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@safarnama/contract/quotes';
import { api } from '../../../lib/api-client';

/** The key every quotation call of an inquiry writes its answer to or refreshes. */
export const quotesKey = (inquiryId: string) => ['quotes', inquiryId] as const;

const getQuotes = (inquiryId: string, signal?: AbortSignal) =>
  api.get<Quote[]>(`/api/inquiries/${encodeURIComponent(inquiryId)}/quotes`, undefined, signal);

const quotesQueryOptions = (inquiryId: string) =>
  queryOptions({ queryKey: quotesKey(inquiryId), queryFn: ({ signal }) => getQuotes(inquiryId, signal) });

export const useQuotes = (inquiryId: string) => useQuery(quotesQueryOptions(inquiryId));
