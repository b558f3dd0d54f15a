// /owner-dashboard: the agency at a glance (spec §9 stats), the Owner's actions, and the ten latest
// packages and inquiries.
import {
  BarChart3,
  Building2,
  CalendarPlus,
  MailWarning,
  ClipboardList,
  Hourglass,
  ImagePlus,
  ListChecks,
  Mail,
  Package,
  PackagePlus,
  TrendingUp,
  Truck,
  Users,
  Wallet,
} from 'lucide-react';
import { paths } from '../../config/paths';
import { NOTIFICATION_MESSAGES } from '@safarnama/contract/notifications-rules';
import { Link } from '../../components/ui/link';
import { useNotificationSummary } from './api/get-notification-summary';
import { BackOfficeDashboard } from './components/back-office-dashboard';
import { DashboardError, StatCard, type DashboardAction } from './components/dashboard-parts';

const ACTIONS: DashboardAction[] = [
  { to: paths.createPackage, label: 'Create Package', description: 'Add a tour to the catalogue', icon: PackagePlus },
  { to: paths.createInquiry, label: 'Create Inquiry', description: 'Record a trip request', icon: CalendarPlus },
  { to: paths.manageStaff, label: 'Manage Staff', description: 'Add or remove staff accounts', icon: Users },
  { to: paths.managePackages, label: 'Manage Packages', description: 'Search, edit and delete tours', icon: Package },
  { to: paths.reports, label: 'Reports', description: 'Leads, conversions, staff and money', icon: BarChart3 },
  { to: paths.allInquiries, label: 'View All Inquiries', description: 'The whole inquiry pipeline', icon: ListChecks },
  { to: paths.suppliers, label: 'Suppliers', description: 'Hotels, cabs and guides you book', icon: Truck },
  { to: paths.payables, label: 'What we owe', description: 'Owed, paid and due per supplier', icon: Wallet },
  {
    to: paths.backgroundImages,
    label: 'Manage Background Images',
    description: 'The home page slideshow',
    icon: ImagePlus,
  },
  { to: paths.notifications, label: 'Notifications', description: 'E-mails sent and their delivery', icon: Mail },
];

/** D25: mails that could not be delivered lately, with the way to the list (nothing when all is well). */
function MailDeliveryWarning() {
  const summary = useNotificationSummary();
  const failing = summary.data?.failing ?? 0;
  if (failing === 0) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {NOTIFICATION_MESSAGES.failingWarning(failing)}
      </p>
      <Link to={paths.notifications} className="font-semibold underline underline-offset-2">
        See notifications
      </Link>
    </div>
  );
}

export default function OwnerDashboardPage() {
  return (
    <BackOfficeDashboard
      title="Owner Dashboard"
      actions={ACTIONS}
      latestInquiriesTitle="Latest inquiries"
      packageLink="edit"
      top={(stats) => (
        <>
          <MailDeliveryWarning />
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
        </>
      )}
    />
  );
}
