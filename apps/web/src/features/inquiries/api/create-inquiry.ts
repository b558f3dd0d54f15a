// POST /api/inquiries/createLoggedIn: an inquiry from a signed-in user (linked to a Customer, D5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInquiryBody, Inquiry } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';
import { invalidateInquiries } from './invalidate-inquiries';

const createInquiry = (body: CreateInquiryBody) => api.post<Inquiry>('/api/inquiries/createLoggedIn', body);

export function useCreateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInquiry,
    onSuccess: () => invalidateInquiries(queryClient),
  });
}
