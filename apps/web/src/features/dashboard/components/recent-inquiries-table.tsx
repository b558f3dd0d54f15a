// The dashboards' short inquiry table; each row links to the edit page (back office) or the read-only
// view (a Customer). On a phone it keeps three columns, who or where, the status and the link, with the rest
// folded under the first, so the status is seen without scrolling sideways.
import { Link } from '../../../lib/router';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { INQUIRY_MESSAGES } from '@safarnama/contract/inquiry-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/format';
import { StatusBadge } from '../../../components/inquiries/status-badge';
import { Money } from '../../../components/inquiries/money';
import { paths } from '../../../config/paths';

// The link column stays in view while the row scrolls sideways (a narrow window above phone width).
const STICKY = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';
const CELL = 'px-3 py-3 sm:px-4';
// The first column gives way on a phone: a long name or place may break anywhere rather than push the table wide.
const FIRST = `${CELL} [overflow-wrap:anywhere] sm:[overflow-wrap:normal]`;
// Columns shown from phone width up; below it their values are folded into the first column.
const WIDE_ONLY = 'hidden sm:table-cell';

export function RecentInquiriesTable({
  inquiries,
  variant,
  label,
}: {
  inquiries: Inquiry[];
  variant: 'back-office' | 'customer';
  label: string;
}) {
  const isCustomer = variant === 'customer';
  const linkTo = (id: string) => (isCustomer ? paths.viewInquiry(id) : paths.editInquiry(id));
  // A Customer's own inquiries need no customer column; their budget matters to them more than who handles it.
  const columns: { label: string; onPhone: boolean }[] = isCustomer
    ? [
        { label: 'Destination', onPhone: true },
        { label: 'Budget', onPhone: false },
        { label: 'Status', onPhone: true },
        { label: 'Created', onPhone: false },
        { label: 'Updated', onPhone: false },
      ]
    : [
        { label: 'Customer', onPhone: true },
        { label: 'Destination', onPhone: false },
        { label: 'Staff', onPhone: false },
        { label: 'Status', onPhone: true },
        { label: 'Created', onPhone: false },
        { label: 'Updated', onPhone: false },
      ];
  return (
    <div className="card relative max-w-full overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full text-left text-sm sm:min-w-[720px]">
        <thead className="bg-sand-100 text-xs tracking-wide text-stone-700 uppercase">
          <tr>
            {columns.map(({ label: name, onPhone }) => (
              <th key={name} scope="col" className={`${CELL} font-semibold ${onPhone ? '' : WIDE_ONLY}`}>
                {name}
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
              {isCustomer ? (
                <>
                  <td className={FIRST}>
                    <span className="block">{inq.location}</span>
                    <span className="block text-xs text-stone-500 sm:hidden">
                      {`${formatRupees(inq.budget)} · updated ${formatShortDate(inq.updatedAt)}`}
                    </span>
                  </td>
                  <td className={`${CELL} ${WIDE_ONLY}`}>
                    <Money amount={inq.budget} />
                  </td>
                </>
              ) : (
                <>
                  <td className={FIRST}>
                    <span className="block font-medium text-stone-900">{inq.customer.name}</span>
                    <span className="hidden text-xs text-stone-500 sm:block">{inq.customer.email}</span>
                    <span className="block text-xs text-stone-500 sm:hidden">
                      {`${inq.location} · ${inq.staff?.name ?? INQUIRY_MESSAGES.unassigned}`}
                    </span>
                  </td>
                  <td className={`${CELL} ${WIDE_ONLY}`}>{inq.location}</td>
                  <td className={`${CELL} ${WIDE_ONLY}`}>{inq.staff?.name ?? INQUIRY_MESSAGES.unassigned}</td>
                </>
              )}
              <td className={CELL}>
                <StatusBadge status={inq.status} />
              </td>
              <td className={`${CELL} ${WIDE_ONLY} whitespace-nowrap`}>{formatShortDate(inq.createdAt)}</td>
              <td className={`${CELL} ${WIDE_ONLY} whitespace-nowrap`}>{formatShortDate(inq.updatedAt)}</td>
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
