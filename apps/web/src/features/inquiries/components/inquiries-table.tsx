// The inquiries table of /all-inquiries: sortable headers (the server sorts), rows with Edit and Delete.
// Below the lg breakpoint each row is a card of labelled fields (a sort menu stands in for the headers), so a
// phone shows every column without scrolling sideways; from lg up it is a table whose actions stay in view.
import { useRef } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { INQUIRY_MESSAGES, INQUIRY_SORTS, type InquiryListItem, type InquirySort } from '@safarnama/contract/inquiries';
import { formatShortDate } from '@safarnama/contract/common-rules';
import { EmailText } from '../../../components/ui/email-text';
import { CustomerWhatsapp } from '../../../components/inquiries/customer-whatsapp';
import { StatusBadge } from '../../../components/inquiries/status-badge';
import { WaitingBadge } from '../../../components/inquiries/waiting-badge';
import { QuoteViews } from './quote-views';
import { inputClass } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useScrollsSideways } from '../../../lib/use-scrolls-sideways';
import type { SortOrder } from '../api/get-inquiries';

/** Each column's header, and how its two orders read in the phone's sort menu (ascending, descending). */
const COLUMNS: Record<InquirySort, { label: string; orders: [string, string] }> = {
  customer: { label: 'Customer', orders: ['A to Z', 'Z to A'] },
  email: { label: 'Email', orders: ['A to Z', 'Z to A'] },
  contact: { label: 'Contact', orders: ['0 to 9', '9 to 0'] },
  staff: { label: 'Staff', orders: ['unassigned first, then A to Z', 'Z to A, unassigned last'] },
  destination: { label: 'Destination', orders: ['A to Z', 'Z to A'] },
  status: { label: 'Status', orders: ['A to Z', 'Z to A'] },
  createdAt: { label: 'Created', orders: ['oldest first', 'newest first'] },
  updatedAt: { label: 'Updated', orders: ['oldest first', 'newest first'] },
};

interface InquiriesTableProps {
  items: InquiryListItem[];
  sort: InquirySort;
  order: SortOrder;
  /** A header was clicked: sort by it, or flip the order when it already sorts. */
  onSort: (column: InquirySort) => void;
  /** The phone's sort menu picked a column and an order. */
  onSortOrder: (column: InquirySort, order: SortOrder) => void;
  onDelete: (inquiry: InquiryListItem) => void;
  deletingId?: string | null;
}

function SortIcon({ active, order }: { active: boolean; order: SortOrder }) {
  // Unsorted columns show their icon on hover or focus only, so the table fits a laptop screen.
  if (!active)
    return (
      <ArrowUpDown
        className="hidden size-3.5 text-stone-400 group-hover/sort:inline group-focus-visible/sort:inline"
        aria-hidden="true"
      />
    );
  return order === 'asc' ? (
    <ArrowUp className="size-3.5" aria-hidden="true" />
  ) : (
    <ArrowDown className="size-3.5" aria-hidden="true" />
  );
}

/** The headers' stand-in on narrow screens: one menu of every column in both orders. */
function SortMenu({ sort, order, onSortOrder }: Pick<InquiriesTableProps, 'sort' | 'order' | 'onSortOrder'>) {
  return (
    <div className="mb-3 max-w-md lg:hidden">
      <label htmlFor="inquiry-sort" className="mb-1.5 block text-sm font-medium text-stone-700">
        Sort by
      </label>
      <select
        id="inquiry-sort"
        className={inputClass}
        value={`${sort}:${order}`}
        onChange={(e) => {
          const [column, picked] = e.target.value.split(':') as [InquirySort, SortOrder];
          onSortOrder(column, picked);
        }}
      >
        {INQUIRY_SORTS.flatMap((column) =>
          (['asc', 'desc'] as const).map((o, i) => (
            <option key={`${column}:${o}`} value={`${column}:${o}`}>
              {COLUMNS[column].label}, {COLUMNS[column].orders[i]}
            </option>
          )),
        )}
      </select>
    </div>
  );
}

const ACTION =
  'inline-flex items-center rounded-full border px-4 py-2 text-sm font-semibold lg:px-2.5 lg:py-1 lg:text-xs';

// A card's field: its column's name beside the value (from data-label); a plain cell in the table.
const FIELD =
  'col-span-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2 before:text-stone-500 before:content-[attr(data-label)] ' +
  // A long unbroken word breaks anywhere rather than widen the card.
  'max-lg:[overflow-wrap:anywhere] ' +
  'lg:table-cell lg:px-2 lg:py-3 lg:before:hidden';

// A card's field that the table shows inside the status cell instead.
const QUOTE_FIELD =
  'col-span-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2 before:text-stone-500 before:content-[attr(data-label)] lg:hidden';

// What a customer typed (name, address, place) may hold one long unbroken word: it breaks anywhere rather than
// push the table's last columns out of sight. Not for words the office chose (staff names, "Unassigned").
const BREAK_ANYWHERE = '[overflow-wrap:anywhere]';

// The actions stay in view while the rest of a row scrolls sideways on a narrow laptop.
const STICKY = 'lg:sticky lg:right-0 lg:shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

export function InquiriesTable({ items, sort, order, onSort, onSortOrder, onDelete, deletingId }: InquiriesTableProps) {
  const region = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(region);
  return (
    <>
      <SortMenu sort={sort} order={order} onSortOrder={onSortOrder} />
      <div
        className="relative max-w-full focus-visible:ring-2 focus-visible:ring-accent-400 lg:overflow-x-auto lg:rounded-2xl lg:bg-white lg:shadow-sm lg:ring-1 lg:ring-stone-200/70"
        ref={region}
        role="region"
        aria-label="Inquiries table"
        // Keyboard users can scroll the table sideways, when it is wider than the screen.
        tabIndex={scrolls ? 0 : undefined}
      >
        <table className="block w-full border-collapse text-left text-[13px] lg:table lg:min-w-[1000px]">
          <thead className="hidden bg-sand-100 text-xs tracking-wide text-stone-700 uppercase lg:table-header-group">
            <tr>
              {INQUIRY_SORTS.map((key) => {
                const active = key === sort;
                return (
                  <th
                    key={key}
                    scope="col"
                    className="px-2 py-2"
                    aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(key)}
                      className="group/sort inline-flex items-center gap-1 rounded px-1 py-1 font-semibold uppercase hover:text-brand-800"
                    >
                      {COLUMNS[key].label}
                      <SortIcon active={active} order={order} />
                    </button>
                  </th>
                );
              })}
              <th scope="col" className={`${STICKY} bg-sand-100 px-2 py-2 font-semibold`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="grid gap-3 sm:grid-cols-2 lg:table-row-group lg:divide-y lg:divide-stone-100">
            {items.map((inquiry) => (
              <tr
                key={inquiry._id}
                className="group grid grid-cols-[minmax(0,1fr)_auto] content-start gap-x-3 gap-y-2 rounded-2xl bg-white p-4 align-top shadow-sm ring-1 ring-stone-200/70 hover:bg-sand-50 lg:table-row lg:rounded-none lg:bg-transparent lg:p-0 lg:shadow-none lg:ring-0"
              >
                <td
                  className={`row-start-1 text-[15px] font-semibold text-stone-900 lg:table-cell lg:px-2 lg:py-3 lg:text-[13px] lg:font-medium ${BREAK_ANYWHERE}`}
                >
                  {inquiry.customer.name}
                </td>
                <td className={`${FIELD} ${BREAK_ANYWHERE}`} data-label="Email">
                  <EmailText address={inquiry.customer.email} />
                </td>
                <td className={`${FIELD} lg:whitespace-nowrap`} data-label="Contact">
                  <CustomerWhatsapp
                    name={inquiry.customer.name}
                    number={inquiry.customer.whatsappNumber}
                    destination={inquiry.location}
                  />
                </td>
                <td className={FIELD} data-label="Staff">
                  {inquiry.staff ? (
                    inquiry.staff.name
                  ) : (
                    <span className="text-stone-500 italic">{INQUIRY_MESSAGES.unassigned}</span>
                  )}
                </td>
                <td className={`${FIELD} ${BREAK_ANYWHERE} row-start-2`} data-label="Destination">
                  {inquiry.location}
                </td>
                <td className="col-start-2 row-start-1 justify-self-end lg:table-cell lg:px-2 lg:py-3">
                  <span className="inline-flex flex-col items-end gap-1 lg:items-start">
                    <StatusBadge status={inquiry.status} />
                    <WaitingBadge inquiry={inquiry} />
                    {/* Issue 51: on a phone it has a line of its own below, so the name keeps the card's width. */}
                    <QuoteViews quotation={inquiry.quotation} className="hidden max-w-44 lg:block" />
                  </span>
                </td>
                {inquiry.quotation && (
                  <td className={QUOTE_FIELD} data-label="Quotation">
                    <QuoteViews quotation={inquiry.quotation} />
                  </td>
                )}
                <td className={`${FIELD} lg:whitespace-nowrap`} data-label="Created">
                  {formatShortDate(inquiry.createdAt)}
                </td>
                <td className={`${FIELD} lg:whitespace-nowrap`} data-label="Updated">
                  {formatShortDate(inquiry.updatedAt)}
                </td>
                <td
                  className={`${STICKY} col-span-2 pt-1 lg:table-cell lg:bg-white lg:px-2 lg:py-2.5 lg:group-hover:bg-sand-50`}
                >
                  <div className="flex gap-2 lg:gap-1.5">
                    <Link
                      to={paths.editInquiry(inquiry._id)}
                      className={`${ACTION} border-brand-800 text-brand-800 hover:bg-brand-50`}
                      aria-label={`Edit inquiry from ${inquiry.customer.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className={`${ACTION} border-red-700 bg-red-700 text-white hover:bg-red-800 disabled:opacity-50`}
                      onClick={() => onDelete(inquiry)}
                      disabled={deletingId === inquiry._id}
                      aria-label={`Delete inquiry from ${inquiry.customer.name}`}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
