// Previous / next paging with the current position, and how many rows a page holds.
import { useId } from 'react';
import { Button } from '../../../components/ui/button';

export function Pagination({
  page,
  total,
  pageCount,
  onPage,
  pageSize,
  pageSizes,
  onPageSize,
}: {
  page: number;
  /** Rows in the list (all pages). */
  total: number;
  pageCount: number;
  onPage: (page: number) => void;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
}) {
  const sizeId = useId();
  // A list that fits on one page at the smallest size needs neither.
  if (page <= 1 && total <= Math.min(...pageSizes)) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-1 items-center justify-between gap-3 sm:flex-none sm:justify-start">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <p className="text-sm text-stone-600" aria-live="polite">
          Page {page} of {pageCount}
        </p>
        <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
      <div className="flex w-full items-center justify-end gap-2 text-sm text-stone-600 sm:w-auto">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-800"
        >
          {pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
