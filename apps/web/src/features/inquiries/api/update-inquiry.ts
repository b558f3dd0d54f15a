// PUT /api/inquiries/{id}: the edited inquiry; lists, details, history and dashboards refresh after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inquiry, UpdateInquiryBody } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';
import { invalidateInquiries } from './invalidate-inquiries';

const updateInquiry = (id: string, body: UpdateInquiryBody) =>
  api.put<Inquiry>(`/api/inquiries/${encodeURIComponent(id)}`, body);

export function useUpdateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateInquiryBody }) => updateInquiry(id, body),
    onSuccess: () => invalidateInquiries(queryClient),
  });
}
