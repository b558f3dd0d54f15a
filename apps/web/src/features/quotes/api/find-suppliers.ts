// GET /api/suppliers?q=&active=true, for the line editor's supplier field (D33): a few active suppliers whose
// name, city or contact holds the typed words. The directory page has its own call (features/suppliers).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SUPPLIER_LIMITS, type Supplier } from '@safarnama/contract/suppliers';
import { api } from '../../../lib/api-client';

const findSuppliers = (q: string, signal?: AbortSignal) =>
  api.get<Supplier[]>('/api/suppliers', { q, active: 'true', pageSize: SUPPLIER_LIMITS.suggestions }, signal);

const supplierSuggestionsOptions = (q: string) =>
  queryOptions({
    queryKey: ['suppliers', 'suggestions', q],
    queryFn: ({ signal }) => findSuppliers(q, signal),
    placeholderData: keepPreviousData,
  });

export const useSupplierSuggestions = (q: string, enabled: boolean) =>
  useQuery({ ...supplierSuggestionsOptions(q), enabled });
