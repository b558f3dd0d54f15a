// POST /api/inquiries/{id}/payments: money received another way (or by UPI, seen in the bank), verified at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recordPaymentBodySchema } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';
import { refreshAfterPayment } from './get-inquiry-payments';

export type RecordPaymentInput = z.input<typeof recordPaymentBodySchema>;
interface PaymentAnswer {
  message: string;
}

const recordPayment = (inquiryId: string, body: RecordPaymentInput) =>
  api.post<PaymentAnswer>(`/api/inquiries/${encodeURIComponent(inquiryId)}/payments`, body);

export function useRecordPayment(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPaymentInput) => recordPayment(inquiryId, body),
    onSuccess: () => refreshAfterPayment(queryClient, inquiryId),
  });
}
