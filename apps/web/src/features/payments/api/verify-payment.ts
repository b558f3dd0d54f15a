// POST /api/payments/{id}/verify: a customer's claim is confirmed, with the amount that arrived when it differs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAfterPayment } from './get-inquiry-payments';

const verifyPayment = (paymentId: string, amount?: number) =>
  api.post<{ message: string }>(
    `/api/payments/${encodeURIComponent(paymentId)}/verify`,
    amount === undefined ? {} : { amount },
  );

export function useVerifyPayment(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, amount }: { paymentId: string; amount?: number }) => verifyPayment(paymentId, amount),
    onSuccess: () => refreshAfterPayment(queryClient, inquiryId),
  });
}
