// POST /api/quotes/{quoteId}/send: the draft becomes the version the trip link shows; the timeline says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TripUrl } from '@safarnama/contract/quotes';
import { api } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

const sendQuote = (quoteId: string) => api.post<TripUrl>(`/api/quotes/${encodeURIComponent(quoteId)}/send`);

export function useSendQuote(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => sendQuote(quoteId),
    // The versions, and the inquiry's timeline and lists (the send touches the inquiry).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotesKey(inquiryId) }),
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
      ]),
  });
}
