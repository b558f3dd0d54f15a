// POST /api/inquiries/{id}/notes: an internal note (D26), staff only; the history refreshes after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InquiryEvent } from '@safarnama/contract/inquiries';
import { api } from '../../../lib/api-client';
import { invalidateInquiries } from './invalidate-inquiries';

const addInquiryNote = (id: string, text: string) =>
  api.post<InquiryEvent>(`/api/inquiries/${encodeURIComponent(id)}/notes`, { text });

export function useAddInquiryNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => addInquiryNote(id, text),
    // A note touches the inquiry (it is no longer waiting), so lists and dashboards refresh too.
    onSuccess: () => invalidateInquiries(queryClient),
  });
}
