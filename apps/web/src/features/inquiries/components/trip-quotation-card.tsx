// On a Customer's inquiry page: their quotation at a glance (version, total, validity or acceptance) and the way to
// the trip page where they read it, compare versions, accept it or ask for changes (D30). Nothing before one is sent.
import { ArrowRight, FileText } from 'lucide-react';
import { TRIP_PAGE_TEXT } from '@safarnama/contract/quotes-rules';
import { formatDateTime, formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useInquiryTrip } from '../api/get-inquiry-trip';

export function TripQuotationCard({ inquiryId }: { inquiryId: string }) {
  const trip = useInquiryTrip(inquiryId);
  const current = trip.data?.current;
  if (!current) return null;
  const state =
    current.status === 'accepted'
      ? TRIP_PAGE_TEXT.acceptedBy(
          current.acceptedName ?? '',
          current.acceptedAt ? formatDateTime(current.acceptedAt) : '',
        )
      : current.status === 'expired'
        ? TRIP_PAGE_TEXT.expiredTitle
        : TRIP_PAGE_TEXT.validUntil(formatShortDate(current.validUntil));
  return (
    <section aria-labelledby="trip-quotation-title" className="card flex flex-wrap items-center gap-4 p-5 sm:p-6">
      <FileText className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="trip-quotation-title" className="text-lg font-semibold">
          Your quotation
        </h2>
        <p className="text-stone-700">
          Version {current.number} · <span className="font-semibold">{formatRupees(current.totals.total)}</span> ·{' '}
          {state}
        </p>
      </div>
      {/* The trip page through the inquiry (config/route-roles.ts), kept out of paths.ts: every page loads that. */}
      <ButtonLink to={`${paths.viewInquiry(inquiryId)}/trip`} variant="accent">
        {current.status === 'sent' ? 'Read and answer' : 'Open your quotation'}
        <ArrowRight className="size-4" aria-hidden="true" />
      </ButtonLink>
    </section>
  );
}
