// GET /api/suppliers/{id}/last-rate?kind=: the unit cost of the newest sent line of that kind with the supplier,
// which the line editor fills in when a supplier is chosen (D33: the builder remembers the last rate).
import { useQueryClient } from '@tanstack/react-query';
import type { QuoteLineKind } from '@safarnama/contract/quotes-rules';
import type { SupplierRate } from '@safarnama/contract/suppliers';
import { api } from '../../../lib/api-client';

const getSupplierRate = (id: string, kind: QuoteLineKind) =>
  api.get<SupplierRate>(`/api/suppliers/${encodeURIComponent(id)}/last-rate`, { kind });

/** A function that answers the last rate; a send in another tab may change it, so it is asked each time. */
export function useFetchSupplierRate() {
  const queryClient = useQueryClient();
  return (id: string, kind: QuoteLineKind) =>
    queryClient.fetchQuery({
      queryKey: ['suppliers', 'rate', id, kind],
      queryFn: () => getSupplierRate(id, kind),
      staleTime: 0,
    });
}
