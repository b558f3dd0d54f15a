// Whether an inquiry has a payment schedule or ledger (D31), from GET /api/inquiries/{id}/payments: then its advance
// is the verified payments' sum and the edit form shows it instead of an input. The same key as the payments panel's
// (features/payments), so the two share one answer and its refreshes.
import { useQuery } from '@tanstack/react-query';
import type { InquiryPayments } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';

export function useHasPayments(inquiryId: string) {
  const payments = useQuery({
    queryKey: ['payments', inquiryId],
    queryFn: ({ signal }) =>
      api.get<InquiryPayments>(`/api/inquiries/${encodeURIComponent(inquiryId)}/payments`, undefined, signal),
  });
  const data = payments.data;
  return data ? data.instalments.length > 0 || (data.payments?.length ?? 0) > 0 : false;
}
