// POST /api/auth/staff: a new Staff account (Owner only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffBody, StaffMember } from '@safarnama/contract/staff';
import { api } from '../../../lib/api-client';

const createStaff = (body: CreateStaffBody) => api.post<StaffMember>('/api/auth/staff', body);

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
