// /notifications (Owner, D25): the mails the app sent or is still trying to send, newest first, by status, with
// the last error of each and a way to send a failed one again.
import { RotateCcw } from 'lucide-react';
import type { Notification } from '@safarnama/contract/notifications';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
} from '@safarnama/contract/notifications-rules';
import { formatDateTime } from '@safarnama/contract/common-rules';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSearchParams } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from './api/get-notifications';
import { useRetryNotification } from './api/retry-notification';

const STATUS_LABELS: Record<NotificationStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };
const STATUS_STYLES: Record<NotificationStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-200',
  sent: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-100 text-red-900 ring-red-200',
};
const isStatus = (v: string | null): v is NotificationStatus =>
  v !== null && (NOTIFICATION_STATUSES as readonly string[]).includes(v);

function NotificationCard({ item }: { item: Notification }) {
  const retry = useRetryNotification();
  const handleRetry = async () => {
    try {
      await retry.mutateAsync(item._id);
      notify.success(NOTIFICATION_MESSAGES.retried);
    } catch (err) {
      notify.error(errorMessage(err, NOTIFICATION_MESSAGES.retryFailed));
    }
  };
  return (
    <li className="card p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold break-words text-stone-900">{item.subject}</p>
        <span
          className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[item.status]}`}
        >
          {STATUS_LABELS[item.status]}
        </span>
      </div>
      <p className="text-sm break-all text-stone-600">To {item.recipient}</p>
      {/* One line of facts on a wide screen, wrapping between them on a phone: the list is scanned, not read. */}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-stone-700">
        <span>
          {NOTIFICATION_KIND_LABELS[item.kind]} · {item.tries === 1 ? '1 try' : `${item.tries} tries`}
        </span>
        <span>Written {formatDateTime(item.createdAt)}</span>
        {item.sentAt ? (
          <span>Sent {formatDateTime(item.sentAt)}</span>
        ) : item.nextAttemptAt ? (
          <span>Next try {formatDateTime(item.nextAttemptAt)}</span>
        ) : null}
      </p>
      {item.lastError && item.status !== 'sent' ? (
        <p className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm break-words text-red-800">
          Last error: {item.lastError}
        </p>
      ) : null}
      {item.status === 'failed' ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          disabled={retry.isPending}
          onClick={() => void handleRetry()}
        >
          <RotateCcw className="size-4" aria-hidden="true" /> Send again
        </Button>
      ) : null}
    </li>
  );
}

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useNotifications({ status, page });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / NOTIFICATIONS_PAGE_SIZE));

  const go = (next: { status?: NotificationStatus; page?: number }) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  return (
    <section className="container-page max-w-4xl py-8 sm:py-10">
      <PageHeader
        title="Notifications"
        description="The e-mails sent to your team and your customers, and any that could not be delivered."
      />
      <div className="mb-5 flex flex-wrap gap-2" role="group" aria-label="Filter by status">
        {[undefined, ...NOTIFICATION_STATUSES].map((s) => (
          <Button
            key={s ?? 'all'}
            size="sm"
            variant={s === status ? 'primary' : 'outline'}
            aria-pressed={s === status}
            onClick={() => go({ status: s })}
          >
            {s ? STATUS_LABELS[s] : 'All'}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner label="Loading notifications…" />
      ) : list.isError ? (
        <ErrorMessage
          action={
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(list.error, NOTIFICATION_MESSAGES.listFailed)}
        </ErrorMessage>
      ) : list.data.items.length === 0 ? (
        <EmptyState>{NOTIFICATION_MESSAGES.empty}</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-600" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'mail' : 'mails'}
          </p>
          <ul className="space-y-3">
            {list.data.items.map((item) => (
              <NotificationCard key={item._id} item={item} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="mt-5 flex items-center justify-between gap-3" aria-label="Pages">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => go({ status, page: page - 1 })}>
                Previous
              </Button>
              <span className="text-sm text-stone-600">
                Page {page} of {pages}
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={page >= pages}
                onClick={() => go({ status, page: page + 1 })}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
