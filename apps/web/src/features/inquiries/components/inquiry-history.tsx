// The history panel of an inquiry page: its events, loaded on their own so the form does not wait.
import { INQUIRY_MESSAGES } from '@safarnama/contract/inquiries';
import { EventTimeline } from '../../../components/inquiries/event-timeline';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useInquiryEvents } from '../api/get-inquiry-events';

export function InquiryHistory({ inquiryId, title = 'History' }: { inquiryId: string; title?: string }) {
  const events = useInquiryEvents(inquiryId);
  return (
    <section aria-labelledby="inquiry-history" className="card p-5 sm:p-6">
      <h2 id="inquiry-history" className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {events.isPending ? (
        <Spinner label="Loading history…" />
      ) : events.isError ? (
        <p className="text-sm text-red-700">{errorMessage(events.error, INQUIRY_MESSAGES.historyFailed)}</p>
      ) : (
        <EventTimeline events={events.data} />
      )}
    </section>
  );
}
