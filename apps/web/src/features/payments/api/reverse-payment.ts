// POST /api/payments/{id}/reverse: a mistake undone by an entry of its own, with the reason (D31: never an edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAfterPayment } from './get-inquiry-payments';

const reversePayment = (paymentId: string, reason: string) =>
  api.post<{ message: string }>(`/api/payments/${encodeURIComponent(paymentId)}/reverse`, { reason });

export function useReversePayment(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) => reversePayment(paymentId, reason),
    onSuccess: () => refreshAfterPayment(queryClient, inquiryId),
  });
}
