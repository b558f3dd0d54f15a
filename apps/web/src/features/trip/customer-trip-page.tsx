// /inquiries/view/{id}/trip: the same trip page for a signed-in reader of the inquiry (D30, D5): its Customer, who
// may accept or ask for changes there, or the back office, who sees what the customer sees.
import { useParams } from 'wouter';
import { ArrowLeft, Eye } from 'lucide-react';
import { TRIP_PAGE, TRIP_PAGE_TEXT } from '@safarnama/contract/quotes-rules';
import { ButtonLink, Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useTrip } from './api/get-trip';
import type { TripSource } from './api/trip-source';
import { TripView } from './components/trip-view';

export default function CustomerTripPage() {
  useDocumentTitle(TRIP_PAGE.title);
  const { id = '' } = useParams();
  const { user } = useSession();
  const source: TripSource = { kind: 'inquiry', inquiryId: id };
  const trip = useTrip(source);
  const isCustomer = user?.role === 'Customer';
  const back = (
    <ButtonLink to={paths.viewInquiry(id)} variant="ghost" size="sm" className="-ml-3">
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to the inquiry
    </ButtonLink>
  );
  if (trip.error) {
    return (
      <section className="container-page max-w-xl py-12">
        {back}
        <div className="mt-4">
          <ErrorMessage action={<Button onClick={trip.refetch}>Try again</Button>}>
            {errorMessage(trip.error, TRIP_PAGE_TEXT.loadFailed)}
          </ErrorMessage>
        </div>
      </section>
    );
  }
  if (!trip.data) return <Spinner label="Loading the quotation…" />;
  return (
    <>
      <div className="container-page max-w-4xl! pt-3">{back}</div>
      <TripView
        trip={trip.data}
        source={source}
        canRespond={isCustomer}
        onReload={trip.refetch}
        notice={
          isCustomer ? undefined : (
            <p className="flex items-start gap-2 rounded-2xl bg-accent-50 p-4 text-accent-700 ring-1 ring-accent-200">
              <Eye className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              {TRIP_PAGE_TEXT.staffPreview}
            </p>
          )
        }
      />
    </>
  );
}
