// An instalment's status (D31: due | claimed | paid | overdue) as a coloured badge, on the trip page and the
// inquiry's payments panel alike.
import { INSTALMENT_STATUS_LABELS, type InstalmentStatus } from '@safarnama/contract/payments-rules';

// Text on tinted backgrounds, each pair at WCAG AA contrast or better.
const STYLES: Record<InstalmentStatus, string> = {
  due: 'bg-amber-100 text-amber-900 ring-amber-200',
  claimed: 'bg-sky-100 text-sky-900 ring-sky-200',
  paid: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  overdue: 'bg-red-100 text-red-800 ring-red-200',
};

export function InstalmentStatusBadge({ status }: { status: InstalmentStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STYLES[status]}`}
      data-status={status}
    >
      {INSTALMENT_STATUS_LABELS[status]}
    </span>
  );
}
