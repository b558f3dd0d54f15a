// The building blocks of the three dashboards: stat cards, action links, the load-error state.
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Link } from '../../../components/ui/link';
import { DASHBOARD_MESSAGES } from '@safarnama/contract/inquiries-rules';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export function StatCard({ label, value, icon: IconC }: { label: string; value: number | undefined; icon: Icon }) {
  return (
    <div className="card flex min-w-0 flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:size-12">
        <IconC className="size-5 sm:size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-stone-600">{label}</p>
        <p className="font-display text-2xl font-bold text-stone-900 sm:text-3xl">
          {value === undefined ? '—' : new Intl.NumberFormat('en-IN').format(value)}
        </p>
      </div>
    </div>
  );
}

export interface DashboardAction {
  to: string;
  label: string;
  description: string;
  icon: Icon;
}

export function ActionGrid({ actions, title = 'Quick actions' }: { actions: DashboardAction[]; title?: string }) {
  return (
    <section aria-labelledby="dashboard-actions" className="mt-8">
      <h2 id="dashboard-actions" className="mb-4 text-xl font-bold">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
        {actions.map(({ to, label, description, icon: IconC }) => (
          <li key={to}>
            <Link
              to={to}
              className="card flex h-full items-start gap-4 p-4 transition-shadow hover:shadow-md hover:ring-brand-300 sm:p-5"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
                <IconC className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-stone-900">{label}</span>
                <span className="mt-0.5 block text-sm text-stone-600">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DashboardSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `dashboard-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Spec §8: a failed load toasts once and shows the server's message (or the fallback) with Try Again. */
export function useDashboardErrorToast(isError: boolean) {
  useEffect(() => {
    if (isError) notify.error(DASHBOARD_MESSAGES.fetchFailed, { toastId: 'dashboard-error' });
  }, [isError]);
}

export function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ErrorMessage
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      }
    >
      {errorMessage(error, DASHBOARD_MESSAGES.dataFailed)}
    </ErrorMessage>
  );
}
