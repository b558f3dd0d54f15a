// The dashboards' short inquiry table; each row links to the edit page (back office) or the read-only
// view (a Customer). Scrolls inside its own box on phones.
import { Link } from '../../../lib/router';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { INQUIRY_MESSAGES } from '@safarnama/contract/inquiry-rules';
import { formatShortDate } from '@safarnama/contract/format';
import { StatusBadge } from '../../../components/inquiries/status-badge';
import { Money } from '../../../components/inquiries/money';
import { paths } from '../../../config/paths';

// The link column stays in view while the row scrolls sideways on a phone.
const STICKY = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

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
  const columns = isCustomer
    ? ['Destination', 'Budget', 'Status', 'Created', 'Updated']
    : ['Customer', 'Destination', 'Staff', 'Status', 'Created', 'Updated'];
  return (
    <div className="card relative max-w-full overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="bg-sand-100 text-xs tracking-wide text-stone-700 uppercase">
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col" className="px-4 py-3 font-semibold">
                {name}
              </th>
            ))}
            <th scope="col" className={`${STICKY} bg-sand-100 px-4 py-3 font-semibold`}>
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {inquiries.map((inq) => (
            <tr key={inq._id} className="group hover:bg-sand-50">
              {isCustomer ? null : (
                <td className="px-4 py-3">
                  <span className="block font-medium text-stone-900">{inq.customer.name}</span>
                  <span className="block text-xs text-stone-500">{inq.customer.email}</span>
                </td>
              )}
              <td className="px-4 py-3">{inq.location}</td>
              {isCustomer ? (
                <td className="px-4 py-3">
                  <Money amount={inq.budget} />
                </td>
              ) : (
                <td className="px-4 py-3">{inq.staff?.name ?? INQUIRY_MESSAGES.unassigned}</td>
              )}
              <td className="px-4 py-3">
                <StatusBadge status={inq.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatShortDate(inq.createdAt)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatShortDate(inq.updatedAt)}</td>
              <td className={`${STICKY} bg-white px-4 py-3 text-right group-hover:bg-sand-50`}>
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
