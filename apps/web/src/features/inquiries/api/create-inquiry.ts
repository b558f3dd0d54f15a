// POST /api/inquiries/createLoggedIn: an inquiry from a signed-in user (linked to a Customer, D5). Each inquiry is
// sent with an Idempotency-Key (D34), so a repeat of a send whose answer was lost makes no second inquiry.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInquiryData, Inquiry } from '@safarnama/contract/inquiries';
import { IDEMPOTENCY_KEY_HEADER } from '@safarnama/contract/common';
import { request } from '../../../lib/api-client';
import { invalidateInquiries } from './invalidate-inquiries';

export interface KeyedInquiry {
  body: CreateInquiryData | Record<string, unknown>;
  key: string;
}

export const createInquiry = ({ body, key }: KeyedInquiry) =>
  request<Inquiry>('/api/inquiries/createLoggedIn', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  }).then((r) => r.data);

export function useCreateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInquiry,
    onSuccess: () => invalidateInquiries(queryClient),
  });
}
