// /owner-dashboard: the agency at a glance (spec §9 stats), the Owner's actions, and the ten latest
// packages and inquiries.
import {
  BarChart3,
  Building2,
  CalendarPlus,
  ClipboardList,
  Hourglass,
  ImagePlus,
  Images,
  ListChecks,
  Package,
  PackagePlus,
  TrendingUp,
  Users,
} from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useDashboardStats } from './api/get-dashboard-stats';
import { useRecentPackages } from './api/get-recent-packages';
import {
  ActionGrid,
  DashboardError,
  DashboardSection,
  StatCard,
  useDashboardErrorToast,
  type DashboardAction,
} from './components/dashboard-parts';
import { LatestInquiriesSection } from './components/latest-inquiries-section';
import { RecentPackages } from './components/recent-packages';

const ACTIONS: DashboardAction[] = [
  { to: paths.createPackage, label: 'Create Package', description: 'Add a tour to the catalogue', icon: PackagePlus },
  { to: paths.createInquiry, label: 'Create Inquiry', description: 'Record a trip request', icon: CalendarPlus },
  { to: paths.manageStaff, label: 'Manage Staff', description: 'Add or remove staff accounts', icon: Users },
  { to: paths.managePackages, label: 'Manage Packages', description: 'Search, edit and delete tours', icon: Package },
  { to: paths.reports, label: 'Reports', description: 'Leads, conversions, staff and money', icon: BarChart3 },
  { to: paths.allInquiries, label: 'View All Inquiries', description: 'The whole inquiry pipeline', icon: ListChecks },
  {
    to: paths.backgroundImages,
    label: 'Manage Background Images',
    description: 'The home page slideshow',
    icon: ImagePlus,
  },
];

export default function OwnerDashboardPage() {
  useDocumentTitle('Owner Dashboard');
  const { user } = useSession();
  const stats = useDashboardStats();
  const packages = useRecentPackages();
  useDashboardErrorToast(stats.isError || packages.isError);

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title="Owner Dashboard" description={user ? `Welcome back, ${user.name}.` : undefined} />

      {stats.isError ? (
        <DashboardError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={stats.isPending}>
          <StatCard label="Total packages" value={stats.data?.totalPackages} icon={Building2} />
          <StatCard label="Active inquiries" value={stats.data?.activeInquiries} icon={TrendingUp} />
          <StatCard label="Pending inquiries" value={stats.data?.pendingInquiries} icon={Hourglass} />
          <StatCard label="Created this month" value={stats.data?.inquiriesThisMonth} icon={ClipboardList} />
        </div>
      )}

      <ActionGrid actions={ACTIONS} />

      <LatestInquiriesSection title="Latest inquiries" stats={stats} showError={false} />

      <DashboardSection
        title="Latest packages"
        action={
          <ButtonLink to={paths.managePackages} variant="outline" size="sm">
            <Images className="size-4" aria-hidden="true" /> Manage packages
          </ButtonLink>
        }
      >
        {packages.isPending ? (
          <Spinner label="Loading packages…" />
        ) : packages.isError ? (
          <DashboardError error={packages.error} onRetry={() => void packages.refetch()} />
        ) : packages.data.length === 0 ? (
          <EmptyState>No packages yet.</EmptyState>
        ) : (
          <RecentPackages packages={packages.data} />
        )}
      </DashboardSection>
    </section>
  );
}
