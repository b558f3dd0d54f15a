// POST /api/suppliers (a new supplier) and PUT /api/suppliers/{id} (a change, or the active toggle).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supplier, SupplierBody } from '@safarnama/contract/suppliers';
import { api } from '../../../lib/api-client';
import { suppliersQueryKey } from './get-suppliers';

interface SaveSupplier {
  /** Absent for a new supplier. */
  id?: string;
  body: SupplierBody;
}

const saveSupplier = ({ id, body }: SaveSupplier) =>
  id === undefined
    ? api.post<Supplier>('/api/suppliers', body)
    : api.put<Supplier>(`/api/suppliers/${encodeURIComponent(id)}`, body);

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}
