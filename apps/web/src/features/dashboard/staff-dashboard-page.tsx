// /staff-dashboard: the Staff's quick actions and the ten most recently updated inquiries.
import { CalendarPlus, ListChecks, Map } from 'lucide-react';
import { DASHBOARD_LIMIT } from '@safarnama/contract/messages';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useDashboardStats } from './api/get-dashboard-stats';
import {
  ActionGrid,
  DashboardError,
  DashboardSection,
  useDashboardErrorToast,
  type DashboardAction,
} from './components/dashboard-parts';
import { RecentInquiriesTable } from './components/recent-inquiries-table';
import { latestFirst } from './latest-first';

const ACTIONS: DashboardAction[] = [
  { to: paths.createInquiry, label: 'Create Inquiry', description: 'Record a trip request', icon: CalendarPlus },
  { to: paths.allInquiries, label: 'View All Inquiries', description: 'Work the inquiry pipeline', icon: ListChecks },
  { to: paths.packages, label: 'View All Packages', description: 'Browse the tour catalogue', icon: Map },
];

export default function StaffDashboardPage() {
  useDocumentTitle('Staff Dashboard');
  const { user } = useSession();
  const stats = useDashboardStats();
  useDashboardErrorToast(stats.isError);

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title="Staff Dashboard" description={user ? `Welcome back, ${user.name}.` : undefined} />
      <ActionGrid actions={ACTIONS} />
      <DashboardSection
        title="Recently updated inquiries"
        action={
          <ButtonLink to={paths.allInquiries} variant="outline" size="sm">
            View all inquiries
          </ButtonLink>
        }
      >
        {stats.isPending ? (
          <Spinner label="Loading inquiries…" />
        ) : stats.isError ? (
          <DashboardError error={stats.error} onRetry={() => void stats.refetch()} />
        ) : stats.data.latestInquiries.length === 0 ? (
          <EmptyState>No inquiries yet.</EmptyState>
        ) : (
          <RecentInquiriesTable
            inquiries={latestFirst(stats.data.latestInquiries).slice(0, DASHBOARD_LIMIT)}
            variant="back-office"
            label="Recently updated inquiries"
          />
        )}
      </DashboardSection>
    </section>
  );
}
