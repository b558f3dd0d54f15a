// Issue 51 in the back office's My work: each sent quotation waiting on its customer — unopened two days after it
// was sent, or valid through tomorrow only — with why, linking to its inquiry. Most urgent first (the server's order).
import { useState } from 'react';
import type { QuoteFollowUp } from '@safarnama/contract/quotes';
import { DASHBOARD_LIMIT } from '@safarnama/contract/inquiries-rules';
import { QUOTE_FOLLOW_UP, QUOTE_MESSAGES, quoteFollowUpText } from '@safarnama/contract/quotes-rules';
import { EmptyState } from '../../../components/ui/alert';
import { Link } from '../../../components/ui/link';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useQuoteFollowUps } from '../api/get-quote-follow-ups';
import { DashboardError, DashboardSection } from './dashboard-parts';

function FollowUpRow({ entry, now }: { entry: QuoteFollowUp; now: number }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3">
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <Link to={paths.editInquiry(entry.inquiryId)} className="font-semibold text-brand-800 hover:underline">
          {entry.customerName}
        </Link>
        <span className="text-stone-600"> · {entry.destination}</span>
      </div>
      <span className={`text-sm ${entry.expiresTomorrow ? 'font-semibold text-amber-800' : 'text-stone-700'}`}>
        {quoteFollowUpText(entry, now)}
      </span>
    </li>
  );
}

export function QuoteFollowUpsSection() {
  const list = useQuoteFollowUps();
  // The time the list was first shown: "sent 3 days ago" does not tick while the page is open.
  const [now] = useState(Date.now);
  const more = (list.data?.length ?? 0) - DASHBOARD_LIMIT;
  return (
    <DashboardSection title={QUOTE_MESSAGES.followUpsTitle}>
      {list.isPending ? (
        <Spinner label={QUOTE_MESSAGES.followUpsLoading} />
      ) : list.isError ? (
        <DashboardError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{QUOTE_MESSAGES.noFollowUps}</EmptyState>
      ) : (
        <>
          <ul className="card divide-y divide-stone-100 overflow-hidden p-0" aria-label={QUOTE_MESSAGES.followUpsTitle}>
            {list.data.slice(0, DASHBOARD_LIMIT).map((entry) => (
              <FollowUpRow key={entry.inquiryId} entry={entry} now={now} />
            ))}
          </ul>
          {more > 0 && (
            <p className="mt-2 text-sm text-stone-600">
              {QUOTE_MESSAGES.moreFollowUps(more, list.data.length >= QUOTE_FOLLOW_UP.limit)}
            </p>
          )}
        </>
      )}
    </DashboardSection>
  );
}
