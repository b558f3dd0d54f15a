// The inquiries table of /all-inquiries: sortable headers (the server sorts), rows with Edit and Delete.
// On phones it scrolls sideways inside its own box, not the page.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from '../../../lib/router';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { INQUIRY_MESSAGES, type InquirySort } from '@safarnama/contract/inquiry-rules';
import { formatShortDate } from '@safarnama/contract/format';
import { EmailText } from '../../../components/inquiries/email-text';
import { StatusBadge } from '../../../components/inquiries/status-badge';
import { paths } from '../../../config/paths';

const COLUMNS: { key: InquirySort; label: string }[] = [
  { key: 'customer', label: 'Customer' },
  { key: 'email', label: 'Email' },
  { key: 'contact', label: 'Contact' },
  { key: 'staff', label: 'Staff' },
  { key: 'destination', label: 'Destination' },
  { key: 'status', label: 'Status' },
  { key: 'createdAt', label: 'Created' },
  { key: 'updatedAt', label: 'Updated' },
];

interface InquiriesTableProps {
  items: Inquiry[];
  sort: InquirySort;
  order: 'asc' | 'desc';
  onSort: (column: InquirySort) => void;
  onDelete: (inquiry: Inquiry) => void;
  deletingId?: string | null;
}

function SortIcon({ active, order }: { active: boolean; order: 'asc' | 'desc' }) {
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

const ACTION = 'inline-flex items-center rounded-full border px-2.5 py-1 text-xs font-semibold';

// The actions stay in view while the rest of a row scrolls sideways on narrow screens.
const STICKY = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

export function InquiriesTable({ items, sort, order, onSort, onDelete, deletingId }: InquiriesTableProps) {
  return (
    <div
      className="card relative max-w-full overflow-x-auto focus-visible:ring-2 focus-visible:ring-accent-400"
      role="region"
      aria-label="Inquiries table"
      // Keyboard users can scroll the table sideways.
      tabIndex={0}
    >
      <table className="w-full min-w-[1000px] border-collapse text-left text-[13px]">
        <thead className="bg-sand-100 text-xs tracking-wide text-stone-700 uppercase">
          <tr>
            {COLUMNS.map((col) => {
              const active = col.key === sort;
              return (
                <th
                  key={col.key}
                  scope="col"
                  className="px-2 py-2"
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button
                    type="button"
                    onClick={() => onSort(col.key)}
                    className="group/sort inline-flex items-center gap-1 rounded px-1 py-1 font-semibold uppercase hover:text-brand-800"
                  >
                    {col.label}
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
        <tbody className="divide-y divide-stone-100">
          {items.map((inquiry) => (
            <tr key={inquiry._id} className="group align-top hover:bg-sand-50">
              <td className="px-2 py-3 font-medium text-stone-900">{inquiry.customer.name}</td>
              <td className="px-2 py-3">
                <EmailText address={inquiry.customer.email} />
              </td>
              <td className="px-2 py-3 whitespace-nowrap">{inquiry.customer.whatsappNumber}</td>
              <td className="px-2 py-3">
                {inquiry.staff ? (
                  inquiry.staff.name
                ) : (
                  <span className="text-stone-500 italic">{INQUIRY_MESSAGES.unassigned}</span>
                )}
              </td>
              <td className="px-2 py-3">{inquiry.location}</td>
              <td className="px-2 py-3">
                <StatusBadge status={inquiry.status} />
              </td>
              <td className="px-2 py-3 whitespace-nowrap">{formatShortDate(inquiry.createdAt)}</td>
              <td className="px-2 py-3 whitespace-nowrap">{formatShortDate(inquiry.updatedAt)}</td>
              <td className={`${STICKY} bg-white px-2 py-2.5 group-hover:bg-sand-50`}>
                <div className="flex gap-1.5">
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
  );
}
