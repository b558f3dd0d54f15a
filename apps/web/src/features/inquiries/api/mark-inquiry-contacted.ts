// POST /api/inquiries/{id}/contacted: D26's "Mark contacted" (a note, and Working when New, in one transaction).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';
import { invalidateInquiries } from './invalidate-inquiries';

const markInquiryContacted = (id: string) => api.post<Inquiry>(`/api/inquiries/${encodeURIComponent(id)}/contacted`);

export function useMarkInquiryContacted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markInquiryContacted(id),
    onSuccess: () => invalidateInquiries(queryClient),
  });
}
