// POST /api/inquiries/{id}/trip-link: a new token for the inquiry's trip link; the old one stops working at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TripUrl } from '@safarnama/contract/quotes';
import { api } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

const rotateTripLink = (inquiryId: string) =>
  api.post<TripUrl>(`/api/inquiries/${encodeURIComponent(inquiryId)}/trip-link`);

export function useRotateTripLink(inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateTripLink(inquiryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey(inquiryId) }),
  });
}
