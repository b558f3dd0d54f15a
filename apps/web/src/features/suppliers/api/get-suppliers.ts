// GET /api/suppliers: a page of the directory (D33), searched and filtered, and how many match.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Supplier } from '@safarnama/contract/suppliers';
import type { SupplierKind } from '@safarnama/contract/quotes-rules';
import { TOTAL_COUNT_HEADER } from '@safarnama/contract/common-rules';
import { request } from '../../../lib/api-client';

export const SUPPLIERS_PAGE_SIZE = 50;

export interface SupplierFilter {
  q: string;
  kind: SupplierKind | '';
  city: string;
  /** Inactive suppliers are hidden unless asked for. */
  showInactive: boolean;
  page: number;
}

export interface SupplierPage {
  items: Supplier[];
  total: number;
}

async function getSuppliers(filter: SupplierFilter, signal?: AbortSignal): Promise<SupplierPage> {
  const { data, headers } = await request<Supplier[]>('/api/suppliers', {
    query: {
      q: filter.q,
      kind: filter.kind,
      city: filter.city,
      active: filter.showInactive ? undefined : 'true',
      page: filter.page,
      pageSize: SUPPLIERS_PAGE_SIZE,
    },
    signal,
  });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export const suppliersQueryKey = ['suppliers'] as const;

const suppliersQueryOptions = (filter: SupplierFilter) =>
  queryOptions({
    queryKey: [...suppliersQueryKey, 'list', filter],
    queryFn: ({ signal }) => getSuppliers(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useSuppliers = (filter: SupplierFilter) => useQuery(suppliersQueryOptions(filter));
