// D31 on the back office's dashboards: the instalments due this week and those overdue, with what is left of each
// and the total, each linking to its inquiry (the server's order: the most urgent first).
import { useId } from 'react';
import type { DashboardInstalment } from '@safarnama/contract/payments';
import { PAYMENT_TEXT, PAYMENT_WEB_TEXT } from '@safarnama/contract/payments-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { EmptyState } from '../../../components/ui/alert';
import { Link } from '../../../components/ui/link';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useDashboardPayments } from '../api/get-dashboard-payments';
import { DashboardError } from './dashboard-parts';

function InstalmentRow({ entry }: { entry: DashboardInstalment }) {
  const overdue = entry.status === 'overdue';
  const day = formatShortDate(entry.dueDate);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3"
      data-overdue={overdue || undefined}
    >
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <Link to={paths.editInquiry(entry.inquiryId)} className="font-semibold text-brand-800 hover:underline">
          {entry.customerName}
        </Link>
        <span className="text-stone-600"> · {entry.destination}</span>
        <p className="font-mono text-xs text-stone-500">{entry.reference}</p>
      </div>
      <div className="text-right">
        <p className="font-semibold text-stone-900 tabular-nums">{formatRupees(entry.amount)}</p>
        <p className={`text-sm ${overdue ? 'font-semibold text-red-700' : 'text-stone-600'}`}>
          {overdue ? PAYMENT_WEB_TEXT.overdueSince(day) : PAYMENT_WEB_TEXT.dueOn(day)}
        </p>
      </div>
    </li>
  );
}

function InstalmentList({
  title,
  total,
  entries,
  empty,
}: {
  title: string;
  total: number;
  entries: DashboardInstalment[];
  empty: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {entries.length > 0 ? (
          <span className="font-semibold text-stone-700 tabular-nums">{formatRupees(total)}</span>
        ) : null}
      </div>
      {entries.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="card divide-y divide-stone-100 overflow-hidden p-0" aria-label={title}>
          {entries.map((entry) => (
            <InstalmentRow key={`${entry.inquiryId}:${entry.reference}`} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function PaymentsDueSections() {
  const list = useDashboardPayments();
  if (list.isPending) return <Spinner label="Loading payments due…" />;
  if (list.isError) {
    return (
      <div className="mt-10">
        <DashboardError error={list.error} onRetry={() => void list.refetch()} />
      </div>
    );
  }
  const { data } = list;
  return (
    <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-2">
      <InstalmentList
        title={PAYMENT_TEXT.overdue}
        total={data.overdueTotal}
        entries={data.overdue}
        empty={PAYMENT_TEXT.noneOverdue}
      />
      <InstalmentList
        title={PAYMENT_TEXT.dueThisWeek}
        total={data.dueThisWeekTotal}
        entries={data.dueThisWeek}
        empty={PAYMENT_TEXT.noneDue}
      />
    </div>
  );
}
