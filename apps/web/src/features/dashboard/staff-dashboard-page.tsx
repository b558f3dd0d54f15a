// /staff-dashboard: the Staff's quick actions, the ten most recently updated inquiries and the ten newest packages.
import { CalendarPlus, ListChecks, Map, Truck } from 'lucide-react';
import { paths } from '../../config/paths';
import { BackOfficeDashboard } from './components/back-office-dashboard';
import type { DashboardAction } from './components/dashboard-parts';

const ACTIONS: DashboardAction[] = [
  { to: paths.createInquiry, label: 'Create Inquiry', description: 'Record a trip request', icon: CalendarPlus },
  { to: paths.allInquiries, label: 'View All Inquiries', description: 'Work the inquiry pipeline', icon: ListChecks },
  { to: paths.suppliers, label: 'Suppliers', description: 'Hotels, cabs and guides you book', icon: Truck },
  { to: paths.packages, label: 'View All Packages', description: 'Browse the tour catalogue', icon: Map },
];

export default function StaffDashboardPage() {
  return (
    <BackOfficeDashboard
      title="Staff Dashboard"
      actions={ACTIONS}
      latestInquiriesTitle="Recently updated inquiries"
      packageLink="details"
    />
  );
}
