// D26 on the Staff and Owner dashboards: "My follow-ups" (overdue in red, then today's) and "New and
// unassigned" (oldest first), before the recently updated list.
import { ASSIGNED_TO_ME, ASSIGNED_TO_NOBODY, WORKFLOW_MESSAGES, type Inquiry } from '@safarnama/contract/inquiries';
import { DASHBOARD_LIMIT } from '@safarnama/contract/inquiries-rules';
import { formatDateTime, formatShortDate } from '@safarnama/contract/common-rules';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { WaitingBadge } from '../../../components/inquiries/waiting-badge';
import { Link } from '../../../components/ui/link';
import { paths } from '../../../config/paths';
import { useWorkList } from '../api/get-work-list';
import { DashboardError, DashboardSection } from './dashboard-parts';

const listLink = (query: Record<string, string>) => `${paths.allInquiries}?${new URLSearchParams(query).toString()}`;
const byFollowUp = (a: Inquiry, b: Inquiry) => (a.followUpAt ?? '').localeCompare(b.followUpAt ?? '');

function WorkRow({ inquiry, when, overdue = false }: { inquiry: Inquiry; when: string; overdue?: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-overdue={overdue || undefined}>
      <div className="min-w-0">
        <Link to={paths.editInquiry(inquiry._id)} className="font-semibold text-brand-800 hover:underline">
          {inquiry.customer.name}
        </Link>
        <span className="text-stone-600"> · {inquiry.location}</span>
      </div>
      <div className="flex items-center gap-2 text-sm">
        <WaitingBadge inquiry={inquiry} />
        <span className={overdue ? 'font-semibold text-red-700' : 'text-stone-600'}>
          {overdue ? 'Overdue: ' : ''}
          {when}
        </span>
      </div>
    </li>
  );
}

const listClass = 'card divide-y divide-stone-100 overflow-hidden p-0';

export function MyFollowUpsSection() {
  const overdue = useWorkList({ assignedTo: ASSIGNED_TO_ME, followUp: 'overdue', order: 'desc' });
  const today = useWorkList({ assignedTo: ASSIGNED_TO_ME, followUp: 'today', order: 'desc' });
  const failed = overdue.isError ? overdue : today.isError ? today : undefined;
  const rows = [
    ...(overdue.data?.items ?? []).sort(byFollowUp).map((i) => ({ inquiry: i, overdue: true })),
    ...(today.data?.items ?? []).sort(byFollowUp).map((i) => ({ inquiry: i, overdue: false })),
  ].slice(0, DASHBOARD_LIMIT);
  return (
    <DashboardSection
      title={WORKFLOW_MESSAGES.myFollowUps}
      action={
        <ButtonLink to={listLink({ assignedTo: ASSIGNED_TO_ME, followUp: 'overdue' })} variant="outline" size="sm">
          All my overdue follow-ups
        </ButtonLink>
      }
    >
      {overdue.isPending || today.isPending ? (
        <Spinner label="Loading follow-ups…" />
      ) : failed ? (
        <DashboardError error={failed.error} onRetry={() => void failed.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{WORKFLOW_MESSAGES.noFollowUps}</EmptyState>
      ) : (
        <ul className={listClass} aria-label={WORKFLOW_MESSAGES.myFollowUps}>
          {rows.map(({ inquiry, overdue: late }) => (
            <WorkRow
              key={inquiry._id}
              inquiry={inquiry}
              overdue={late}
              when={inquiry.followUpAt ? formatDateTime(inquiry.followUpAt) : ''}
            />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

export function NewUnassignedSection() {
  const list = useWorkList({ assignedTo: ASSIGNED_TO_NOBODY, status: 'New', order: 'asc' });
  return (
    <DashboardSection
      title={WORKFLOW_MESSAGES.newUnassigned}
      action={
        <ButtonLink
          to={listLink({ assignedTo: ASSIGNED_TO_NOBODY, status: 'New', sort: 'createdAt', order: 'asc' })}
          variant="outline"
          size="sm"
        >
          {list.data && list.data.total > DASHBOARD_LIMIT ? `All ${list.data.total}` : 'Open in the list'}
        </ButtonLink>
      }
    >
      {list.isPending ? (
        <Spinner label="Loading new inquiries…" />
      ) : list.isError ? (
        <DashboardError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState>{WORKFLOW_MESSAGES.noUnassigned}</EmptyState>
      ) : (
        <ul className={listClass} aria-label={WORKFLOW_MESSAGES.newUnassigned}>
          {list.data.items.slice(0, DASHBOARD_LIMIT).map((inquiry) => (
            <WorkRow key={inquiry._id} inquiry={inquiry} when={`Received ${formatShortDate(inquiry.createdAt)}`} />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
