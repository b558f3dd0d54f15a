// Previous / next paging with the current position, and how many rows a page holds. A search's count may be
// capped (the server stops counting at a limit): then the pager says "1,000+ inquiries", never claims a last
// page it does not know, and keeps Next while full pages come back.
import { useId } from 'react';
import { Button } from '../../../components/ui/button';

const count = new Intl.NumberFormat('en-IN');

export function Pagination({
  page,
  total,
  capped = false,
  rowsOnPage,
  onPage,
  pageSize,
  pageSizes,
  onPageSize,
}: {
  page: number;
  /** Rows in the list (all pages), or, when `capped`, the count the server stopped at. */
  total: number;
  /** The server stopped counting at `total`: there may be more rows. */
  capped?: boolean;
  /** Rows on the page shown (a full page past a capped count means there may be a next one). */
  rowsOnPage: number;
  onPage: (page: number) => void;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
}) {
  const sizeId = useId();
  // A list that fits on one page at the smallest size needs neither.
  if (page <= 1 && !capped && total <= Math.min(...pageSizes)) return null;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = capped ? page < pageCount || rowsOnPage >= pageSize : page < pageCount;
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-1 items-center justify-between gap-3 sm:flex-none sm:justify-start">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <p className="text-sm text-stone-600" aria-live="polite">
          {capped ? `Page ${page} · ${count.format(total)}+ inquiries` : `Page ${page} of ${pageCount}`}
        </p>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
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
