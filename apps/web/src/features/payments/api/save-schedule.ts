// PUT /api/inquiries/{id}/instalments: the whole new schedule, which the server checks sums to the total (D31).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleBody } from '@safarnama/contract/payments';
import { api } from '../../../lib/api-client';
import { refreshAfterPayment } from './get-inquiry-payments';

const saveSchedule = (inquiryId: string, body: ScheduleBody) =>
  api.put<unknown>(`/api/inquiries/${encodeURIComponent(inquiryId)}/instalments`, body);

export function useSaveSchedule(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) => saveSchedule(inquiryId, body),
    onSuccess: () => refreshAfterPayment(queryClient, inquiryId),
  });
}
