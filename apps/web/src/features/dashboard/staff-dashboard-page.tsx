// /staff-dashboard: the Staff's quick actions, the ten most recently updated inquiries and the ten newest packages.
import { CalendarPlus, ListChecks, Map } from 'lucide-react';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useDashboardStats } from './api/get-dashboard-stats';
import { useRecentPackages } from './api/get-recent-packages';
import { ActionGrid, useDashboardErrorToast, type DashboardAction } from './components/dashboard-parts';
import { LatestInquiriesSection } from './components/latest-inquiries-section';
import { MyFollowUpsSection, NewUnassignedSection } from './components/my-work-sections';
import { LatestPackagesSection } from './components/recent-packages';

const ACTIONS: DashboardAction[] = [
  { to: paths.createInquiry, label: 'Create Inquiry', description: 'Record a trip request', icon: CalendarPlus },
  { to: paths.allInquiries, label: 'View All Inquiries', description: 'Work the inquiry pipeline', icon: ListChecks },
  { to: paths.packages, label: 'View All Packages', description: 'Browse the tour catalogue', icon: Map },
];

export default function StaffDashboardPage() {
  useDocumentTitle('Staff Dashboard');
  const { user } = useSession();
  const stats = useDashboardStats();
  const packages = useRecentPackages();
  useDashboardErrorToast(stats.isError || packages.isError);

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title="Staff Dashboard" description={user ? `Welcome back, ${user.name}.` : undefined} />
      <ActionGrid actions={ACTIONS} />
      <MyFollowUpsSection />
      <NewUnassignedSection />
      <LatestInquiriesSection title="Recently updated inquiries" stats={stats} />
      <LatestPackagesSection packages={packages} link="details" />
    </section>
  );
}
