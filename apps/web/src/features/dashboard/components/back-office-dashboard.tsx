// The frame the Owner's and the Staff's dashboards share: title and greeting, quick actions, "my work" (follow-ups,
// quotations waiting on customers, payments overdue and due this week, new and unassigned inquiries), the latest
// inquiries and the newest packages; the Owner's page adds its stats and warnings between greeting and actions.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DashboardStats } from '@safarnama/contract';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useRecentPackages } from '../api/get-recent-packages';
import { ActionGrid, useDashboardErrorToast, type DashboardAction } from './dashboard-parts';
import { LatestInquiriesSection } from './latest-inquiries-section';
import { MyFollowUpsSection, NewUnassignedSection } from './my-work-sections';
import { PaymentsDueSections } from './payments-due-sections';
import { QuoteFollowUpsSection } from './quote-follow-ups-section';
import { LatestPackagesSection, type PackageLinkKind } from './recent-packages';

interface BackOfficeDashboardProps {
  title: string;
  actions: DashboardAction[];
  latestInquiriesTitle: string;
  packageLink: PackageLinkKind;
  /** Between the greeting and the actions, given the stats; when given it shows their load error, not the inquiries. */
  top?: (stats: UseQueryResult<DashboardStats>) => ReactNode;
}

export function BackOfficeDashboard({
  title,
  actions,
  latestInquiriesTitle,
  packageLink,
  top,
}: BackOfficeDashboardProps) {
  useDocumentTitle(title);
  const { user } = useSession();
  const stats = useDashboardStats();
  const packages = useRecentPackages();
  useDashboardErrorToast(stats.isError || packages.isError);

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title={title} description={user ? `Welcome back, ${user.name}.` : undefined} />
      {top?.(stats)}
      <ActionGrid actions={actions} />
      <MyFollowUpsSection />
      <QuoteFollowUpsSection />
      <PaymentsDueSections />
      <NewUnassignedSection />
      <LatestInquiriesSection title={latestInquiriesTitle} stats={stats} showError={!top} />
      <LatestPackagesSection packages={packages} link={packageLink} />
    </section>
  );
}
