// GET /api/suppliers/{id}: the name of the supplier a line already names, for the line editor's supplier field.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Supplier } from '@safarnama/contract/suppliers';
import { api } from '../../../lib/api-client';

const getSupplier = (id: string, signal?: AbortSignal) =>
  api.get<Supplier>(`/api/suppliers/${encodeURIComponent(id)}`, undefined, signal);

const supplierOptions = (id: string) =>
  queryOptions({ queryKey: ['suppliers', 'one', id], queryFn: ({ signal }) => getSupplier(id, signal) });

export const useSupplier = (id: string | null) => useQuery({ ...supplierOptions(id ?? ''), enabled: id !== null });
