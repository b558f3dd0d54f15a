// The dashboards' short inquiry table; each row links to the edit page (back office) or the read-only
// view (a Customer). On a phone it keeps two columns, who or where and the link, with the rest (the status
// too) folded under the first, so a name has the width and the status is seen without scrolling sideways.
import { useRef, type ReactNode } from 'react';
import { Link } from '../../../components/ui/link';
import { INQUIRY_MESSAGES, type InquiryView } from '@safarnama/contract/inquiries';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { StatusBadge } from '../../../components/inquiries/status-badge';
import { Money } from '../../../components/inquiries/money';
import { paths } from '../../../config/paths';
import { useScrollsSideways } from '../../../lib/use-scrolls-sideways';

// The link column stays in view while the row scrolls sideways (a narrow window above phone width).
const STICKY = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';
const CELL = 'px-3 py-3 sm:px-4';
// The first column gives way on a phone: a long name or place may break anywhere rather than push the table wide.
const FIRST = '[overflow-wrap:anywhere] sm:[overflow-wrap:normal]';
// Columns shown from phone width up; below it their values are folded into the first column.
const WIDE_ONLY = 'hidden sm:table-cell';

/** A column: its header, whether a phone shows it, and its cell's class and content for one inquiry. */
interface Column {
  label: string;
  onPhone: boolean;
  className?: string;
  cell: (inq: InquiryView) => ReactNode;
}

const handler = (inq: InquiryView) => inq.staff?.name ?? INQUIRY_MESSAGES.unassigned;
// A status column beside the name took a third of a phone's width for its widest badge ("Advance Received"), and
// long names broke over three lines; on a phone the badge sits under the first column's lines instead.
const status: Column = { label: 'Status', onPhone: false, cell: (inq) => <StatusBadge status={inq.status} /> };
const phoneStatus = (inq: InquiryView) => (
  <span className="mt-1 block sm:hidden">
    <StatusBadge status={inq.status} />
  </span>
);
const dates: Column[] = [
  { label: 'Created', onPhone: false, className: 'whitespace-nowrap', cell: (inq) => formatShortDate(inq.createdAt) },
  { label: 'Updated', onPhone: false, className: 'whitespace-nowrap', cell: (inq) => formatShortDate(inq.updatedAt) },
];

// A Customer's own inquiries need no customer column; their budget matters to them more than who handles it.
// The first column carries, on a phone only, what the hidden columns would say.
const CUSTOMER_COLUMNS: Column[] = [
  {
    label: 'Destination',
    onPhone: true,
    className: FIRST,
    cell: (inq) => (
      <>
        <span className="block">{inq.location}</span>
        <span className="block text-xs text-stone-500 sm:hidden">
          {`${formatRupees(inq.budget)} · updated ${formatShortDate(inq.updatedAt)}`}
        </span>
        {phoneStatus(inq)}
      </>
    ),
  },
  { label: 'Budget', onPhone: false, cell: (inq) => <Money amount={inq.budget} /> },
  status,
  ...dates,
];

const BACK_OFFICE_COLUMNS: Column[] = [
  {
    label: 'Customer',
    onPhone: true,
    className: FIRST,
    cell: (inq) => (
      <>
        <span className="block font-medium text-stone-900">{inq.customer.name}</span>
        <span className="hidden text-xs text-stone-500 sm:block">{inq.customer.email}</span>
        <span className="block text-xs text-stone-500 sm:hidden">{`${inq.location} · ${handler(inq)}`}</span>
        {phoneStatus(inq)}
      </>
    ),
  },
  { label: 'Destination', onPhone: false, cell: (inq) => inq.location },
  { label: 'Staff', onPhone: false, cell: handler },
  status,
  ...dates,
];

/** A cell's classes: its own, and hidden below phone width unless a phone shows its column. */
const cellClass = ({ onPhone, className = '' }: Column) => `${CELL} ${className} ${onPhone ? '' : WIDE_ONLY}`;

export function RecentInquiriesTable({
  inquiries,
  variant,
  label,
}: {
  inquiries: InquiryView[];
  variant: 'back-office' | 'customer';
  label: string;
}) {
  const isCustomer = variant === 'customer';
  const linkTo = (id: string) => (isCustomer ? paths.viewInquiry(id) : paths.editInquiry(id));
  const columns = isCustomer ? CUSTOMER_COLUMNS : BACK_OFFICE_COLUMNS;
  const region = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(region);
  return (
    <div
      ref={region}
      className="card relative max-w-full overflow-x-auto"
      role="region"
      aria-label={label}
      // Keyboard users can scroll the table sideways, when it is wider than the screen.
      tabIndex={scrolls ? 0 : undefined}
    >
      <table className="w-full text-left text-sm sm:min-w-[720px]">
        <thead className="bg-sand-100 text-xs tracking-wide text-stone-700 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`${cellClass(column)} font-semibold`}>
                {column.label}
              </th>
            ))}
            <th scope="col" className={`${STICKY} ${CELL} bg-sand-100 font-semibold`}>
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {inquiries.map((inq) => (
            <tr key={inq._id} className="group hover:bg-sand-50">
              {columns.map((column) => (
                <td key={column.label} className={cellClass(column)}>
                  {column.cell(inq)}
                </td>
              ))}
              <td className={`${STICKY} ${CELL} bg-white text-right group-hover:bg-sand-50`}>
                <Link
                  to={linkTo(inq._id)}
                  className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                  aria-label={isCustomer ? `View inquiry to ${inq.location}` : `Edit inquiry from ${inq.customer.name}`}
                >
                  {isCustomer ? 'View' : 'Edit'}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
