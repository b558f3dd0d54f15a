// /all-inquiries: every inquiry, sorted, searched, filtered and paged by the server (D10) so it stays
// fast at a million rows; the table's state lives in the URL.
import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import {
  ASSIGNED_TO_ME,
  ASSIGNED_TO_NOBODY,
  FOLLOW_UP_FILTERS,
  FOLLOW_UP_LABELS,
  INQUIRY_MESSAGES,
  type Inquiry,
} from '@safarnama/contract/inquiries';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useInquiries } from './api/get-inquiries';
import { useInquiryStatuses } from './api/get-inquiry-statuses';
import { useHandlers } from './api/get-handlers';
import { useDeleteInquiry } from './api/delete-inquiry';
import { InquiriesTable } from './components/inquiries-table';
import { Pagination } from './components/pagination';
import { ExportCsvButton } from './components/export-csv-button';
import { PAGE_SIZES, useInquiryListParams } from './hooks/use-inquiry-list-params';

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

const count = new Intl.NumberFormat('en-IN');

export default function AllInquiriesPage() {
  useDocumentTitle('All Inquiries');
  const { params, setSort, setSortOrder, setSearch, setStatus, setPage, setPageSize, setAssignedTo, setFollowUp } =
    useInquiryListParams();
  const handlers = useHandlers();
  const list = useInquiries(params);
  const statuses = useInquiryStatuses();
  const remove = useDeleteInquiry();

  // The box shows what is typed at once; the URL (and the server) follow when typing pauses.
  const [text, setText] = useState(params.q);
  const [shownQ, setShownQ] = useState(params.q);
  if (params.q !== shownQ) {
    // The URL changed from elsewhere (back button, a link): show its search.
    setShownQ(params.q);
    setText(params.q);
  }
  useEffect(() => {
    if (text.trim() === params.q) return;
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, params.q, setSearch]);

  const handleDelete = (inquiry: Inquiry) => {
    if (!window.confirm(INQUIRY_MESSAGES.confirmDelete)) return;
    remove.mutate(inquiry._id, {
      onSuccess: () => window.alert(INQUIRY_MESSAGES.deleted),
      onError: () => window.alert(INQUIRY_MESSAGES.deleteFailed),
    });
  };

  const data = list.data;
  // In place of the table when nothing has loaded; above the last rows when a later load failed.
  const listError = (
    <ErrorMessage
      action={
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try Again
        </Button>
      }
    >
      {errorMessage(list.error, INQUIRY_MESSAGES.listFailed)}
    </ErrorMessage>
  );

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title="All Inquiries"
        description={
          data ? (
            <span data-testid="inquiry-counts">
              {count.format(data.unfiltered)} total · {count.format(data.total)}
              {data.capped ? '+' : ''} shown by the current filter
            </span>
          ) : undefined
        }
        actions={
          <>
            <ExportCsvButton params={params} />
            <ButtonLink to={paths.createInquiry} variant="accent">
              Create Inquiry
            </ButtonLink>
          </>
        }
      />

      <div className="mb-4 flex flex-col gap-4">
        <div className="relative max-w-md">
          <label htmlFor="inquiry-search" className="mb-1.5 block text-sm font-medium text-stone-700">
            Search inquiries
          </label>
          <Search className="pointer-events-none absolute bottom-3 left-3 size-4 text-stone-400" aria-hidden="true" />
          <input
            id="inquiry-search"
            type="search"
            className={`${inputClass} pl-9`}
            placeholder="Name, email, phone, place or staff"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
        </div>

        {/* Two columns across a phone's width; side by side at their own width from sm up. */}
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:gap-4">
          <Field label="Handler" className="min-w-0">
            <select
              className={inputClass}
              value={params.assignedTo ?? ''}
              onChange={(e) => setAssignedTo(e.target.value)}
            >
              <option value="">Anyone</option>
              <option value={ASSIGNED_TO_ME}>Me</option>
              <option value={ASSIGNED_TO_NOBODY}>{INQUIRY_MESSAGES.unassigned}</option>
              {handlers.data?.map((h) => (
                <option key={h._id} value={h._id}>
                  {h.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Follow-up" className="min-w-0">
            <select className={inputClass} value={params.followUp ?? ''} onChange={(e) => setFollowUp(e.target.value)}>
              <option value="">Any</option>
              {FOLLOW_UP_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FOLLOW_UP_LABELS[f]}
                </option>
              ))}
            </select>
          </Field>
        </div>

        {statuses.data && statuses.data.length > 0 ? (
          <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
            {statuses.data.map(({ status, count: n }) => {
              const active = params.status === status;
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setStatus(active ? '' : status)}
                  className={`rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${
                    active
                      ? 'border-brand-800 bg-brand-800 text-white'
                      : 'border-stone-300 bg-white text-stone-700 hover:border-brand-600 hover:text-brand-800'
                  }`}
                >
                  {status} <span className={active ? 'text-brand-100' : 'text-stone-500'}>({count.format(n)})</span>
                </button>
              );
            })}
          </div>
        ) : null}
      </div>

      {list.isError && !data ? (
        listError
      ) : !data ? (
        <Spinner label="Loading inquiries…" />
      ) : data.items.length === 0 ? (
        <>
          <EmptyState>{INQUIRY_MESSAGES.empty}</EmptyState>
          {params.page > 1 && data.total > 0 ? (
            // A page past the end (after deletions, or an old link): offer the first one.
            <div className="mt-4 text-center">
              <Button variant="outline" size="sm" onClick={() => setPage(1)}>
                Go to the first page
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
          {list.isError ? <div className="mb-3">{listError}</div> : null}
          <InquiriesTable
            items={data.items}
            sort={params.sort}
            order={params.order}
            onSort={setSort}
            onSortOrder={setSortOrder}
            onDelete={handleDelete}
            deletingId={remove.isPending ? remove.variables : null}
          />
          <Pagination
            page={params.page}
            total={data.total}
            capped={data.capped}
            rowsOnPage={data.items.length}
            onPage={setPage}
            pageSize={params.pageSize}
            pageSizes={PAGE_SIZES}
            onPageSize={setPageSize}
          />
        </div>
      )}
    </section>
  );
}
