// /customer-dashboard: the Customer's own inquiries (read-only, D5), each opening its detail page.
import { CalendarPlus } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useMyInquiries } from './api/get-my-inquiries';
import { DashboardError, useDashboardErrorToast } from './components/dashboard-parts';
import { RecentInquiriesTable } from './components/recent-inquiries-table';

export default function CustomerDashboardPage() {
  useDocumentTitle('My Inquiries');
  const { user } = useSession();
  const inquiries = useMyInquiries();
  useDashboardErrorToast(inquiries.isError);

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title="My Inquiries"
        description={user ? `Welcome back, ${user.name}. Track the trips you have asked us about.` : undefined}
        actions={
          <ButtonLink to={paths.createInquiry} variant="accent">
            <CalendarPlus className="size-4" aria-hidden="true" /> New Inquiry
          </ButtonLink>
        }
      />
      {inquiries.isPending ? (
        <Spinner label="Loading your inquiries…" />
      ) : inquiries.isError ? (
        <DashboardError error={inquiries.error} onRetry={() => void inquiries.refetch()} />
      ) : inquiries.data.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <p className="text-stone-600">You have not sent us any inquiries yet.</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.createInquiry}>Plan a trip</ButtonLink>
            <ButtonLink to={paths.packages} variant="outline">
              Browse packages
            </ButtonLink>
          </div>
        </div>
      ) : (
        <>
          <RecentInquiriesTable inquiries={inquiries.data.items} variant="customer" label="My inquiries" />
          {inquiries.data.total > inquiries.data.items.length ? (
            <p className="mt-3 text-sm text-stone-600">
              Showing your {inquiries.data.items.length} most recent of {inquiries.data.total} inquiries.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
