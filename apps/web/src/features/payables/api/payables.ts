// D33 the Owner's "What we owe": the per-supplier figures, and one supplier's bookings behind them.
import { useQuery } from '@tanstack/react-query';
import type { Payables, SupplierPayables } from '@safarnama/contract/suppliers';
import { api } from '../../../lib/api-client';

export const usePayables = () =>
  useQuery({
    queryKey: ['payables'],
    queryFn: ({ signal }) => api.get<Payables>('/api/payables', undefined, signal),
  });

export const useSupplierPayables = (supplierId: string) =>
  useQuery({
    queryKey: ['payables', supplierId],
    queryFn: ({ signal }) =>
      api.get<SupplierPayables>(`/api/payables/${encodeURIComponent(supplierId)}`, undefined, signal),
  });
