// POST /api/inquiries/{id}/invoices: the accepted quotation's invoice, mailed to the customer (D32).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';
import { invoicesKey } from './get-invoices';

interface IssueInvoiceInput {
  customerState?: string;
  customerGstin?: string;
}

const issueInvoice = (inquiryId: string, body: IssueInvoiceInput) =>
  api.post<Invoice>(`/api/inquiries/${encodeURIComponent(inquiryId)}/invoices`, body);

export function useIssueInvoice(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueInvoiceInput) => issueInvoice(inquiryId, body),
    // The list, and the inquiry's timeline (the invoice writes a line in it).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicesKey(inquiryId) }),
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
      ]),
  });
}
