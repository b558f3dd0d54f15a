// The inquiries table's state — sort, order, search, status, handler, follow-up, page and rows per page — kept in the URL so it
// survives reloads, links and the back button.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/navigation';
import { DEFAULT_PAGE_SIZE } from '@safarnama/contract/common-rules';
import { FOLLOW_UP_FILTERS, INQUIRY_SORTS, canonicalStatus, type InquirySort } from '@safarnama/contract/inquiries';
import type { InquiryListParams, SortOrder } from '../api/get-inquiries';

const DEFAULT_SORT: InquirySort = 'createdAt';
const DEFAULT_ORDER = 'desc';

const isSort = (v: string | null): v is InquirySort => INQUIRY_SORTS.includes(v as InquirySort);

/** Rows per page the table offers (the server takes up to 200; D10's 50 is the default). */
export const PAGE_SIZES = [20, DEFAULT_PAGE_SIZE, 100] as const;
const isPageSize = (n: number) => (PAGE_SIZES as readonly number[]).includes(n);

export function useInquiryListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<InquiryListParams>(() => {
    const sortParam = searchParams.get('sort');
    const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
    const orderParam = searchParams.get('order');
    const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : DEFAULT_ORDER;
    const page = Math.max(1, Math.floor(Number(searchParams.get('page')) || 1));
    const size = Number(searchParams.get('pageSize'));
    return {
      sort,
      order,
      page,
      pageSize: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
      q: (searchParams.get('q') ?? '').trim(),
      status: canonicalStatus(searchParams.get('status') ?? '') ?? '',
      assignedTo: (searchParams.get('assignedTo') ?? '').trim(),
      followUp: FOLLOW_UP_FILTERS.find((f) => f === searchParams.get('followUp')) ?? '',
    };
  }, [searchParams]);

  /** Applies changes; defaults are dropped from the URL to keep it short. */
  const update = useCallback(
    (changes: Partial<InquiryListParams>, replace = false) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault =
              value === '' ||
              value === undefined ||
              (key === 'page' && value === 1) ||
              (key === 'pageSize' && value === DEFAULT_PAGE_SIZE);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          if (
            (next.get('sort') ?? DEFAULT_SORT) === DEFAULT_SORT &&
            (next.get('order') ?? DEFAULT_ORDER) === DEFAULT_ORDER
          ) {
            next.delete('sort');
            next.delete('order');
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const setSortOrder = useCallback((sort: InquirySort, order: SortOrder) => update({ sort, order, page: 1 }), [update]);

  const setSort = useCallback(
    (column: InquirySort) => {
      // A new column starts ascending; the same column flips.
      setSortOrder(column, column === params.sort ? (params.order === 'asc' ? 'desc' : 'asc') : 'asc');
    },
    [params.sort, params.order, setSortOrder],
  );

  const setSearch = useCallback((q: string) => update({ q, page: 1 }, true), [update]);
  const setStatus = useCallback((status: string) => update({ status, page: 1 }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);
  const setAssignedTo = useCallback((assignedTo: string) => update({ assignedTo, page: 1 }), [update]);
  const setFollowUp = useCallback((followUp: string) => update({ followUp, page: 1 }), [update]);
  // The page that holds the first row in view, so a new size keeps the reader's place.
  const setPageSize = useCallback(
    (pageSize: number) => update({ pageSize, page: Math.floor(((params.page - 1) * params.pageSize) / pageSize) + 1 }),
    [update, params.page, params.pageSize],
  );

  return { params, setSort, setSortOrder, setSearch, setStatus, setPage, setPageSize, setAssignedTo, setFollowUp };
}
