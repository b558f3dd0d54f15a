// PUT /api/quotes/{quoteId}: changes the draft, or (on a sent version) starts the next one as its copy.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Quote, quoteVersionBodySchema } from '@safarnama/contract/quotes';
import { api } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

/** The body as the builder sends it: numbers as typed, which the server reads as the forms' numbers. */
export type QuoteVersionBody = z.input<typeof quoteVersionBodySchema>;

const saveQuote = (quoteId: string, body: QuoteVersionBody) =>
  api.put<Quote>(`/api/quotes/${encodeURIComponent(quoteId)}`, body);

export function useSaveQuote(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, body }: { quoteId: string; body: QuoteVersionBody }) => saveQuote(quoteId, body),
    onSuccess: (quote) => queryClient.setQueryData(quotesKey(inquiryId), [quote]),
  });
}
