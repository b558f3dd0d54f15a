// POST /api/invoices/{id}/credit-notes: a credit note against an invoice, up to what is not yet credited (D32).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';
import { invoicesKey } from './get-invoices';

interface CreditNoteInput {
  invoiceId: string;
  amount: number;
  reason: string;
}

const issueCreditNote = ({ invoiceId, ...body }: CreditNoteInput) =>
  api.post<Invoice>(`/api/invoices/${encodeURIComponent(invoiceId)}/credit-notes`, body);

export function useIssueCreditNote(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCreditNote,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicesKey(inquiryId) }),
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
      ]),
  });
}
