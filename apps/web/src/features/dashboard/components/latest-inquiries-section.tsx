// The back-office dashboards' ten latest inquiries (by updatedAt, from the stats), with a link to the full list.
import type { UseQueryResult } from '@tanstack/react-query';
import type { DashboardStats } from '@safarnama/contract/inquiries';
import { DASHBOARD_LIMIT } from '@safarnama/contract/inquiries-rules';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { latestFirst } from '../latest-first';
import { DashboardError, DashboardSection } from './dashboard-parts';
import { RecentInquiriesTable } from './recent-inquiries-table';

export function LatestInquiriesSection({
  title,
  stats,
  showError = true,
}: {
  title: string;
  stats: UseQueryResult<DashboardStats>;
  /** False when the page already shows the stats' error elsewhere (the Owner's, above its figures). */
  showError?: boolean;
}) {
  return (
    <DashboardSection
      title={title}
      action={
        <ButtonLink to={paths.allInquiries} variant="outline" size="sm">
          View all inquiries
        </ButtonLink>
      }
    >
      {stats.isPending ? (
        <Spinner label="Loading inquiries…" />
      ) : stats.isError ? (
        showError && <DashboardError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : stats.data.latestInquiries.length === 0 ? (
        <EmptyState>No inquiries yet.</EmptyState>
      ) : (
        <RecentInquiriesTable
          inquiries={latestFirst(stats.data.latestInquiries).slice(0, DASHBOARD_LIMIT)}
          variant="back-office"
          label={`${title} table`}
        />
      )}
    </DashboardSection>
  );
}
