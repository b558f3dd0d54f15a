// POST /api/inquiries/{id}/quotes: starts the quotation with draft 1, prefilled by the server from the package.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote } from '@safarnama/contract/quotes';
import { api } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

const startQuote = (inquiryId: string) => api.post<Quote>(`/api/inquiries/${encodeURIComponent(inquiryId)}/quotes`);

export function useStartQuote(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startQuote(inquiryId),
    onSuccess: (quote) => queryClient.setQueryData(quotesKey(inquiryId), [quote]),
    // A 409 means another tab (or colleague) started it: show theirs.
    onError: () => queryClient.invalidateQueries({ queryKey: quotesKey(inquiryId) }),
  });
}
