// /trip/{token} (D30): the customer's quotation, opened from the link without an account. A wrong, rotated or
// removed link (404) gets a page that says so and how to reach the agency; the server keeps the page out of search
// engines (apps/api/src/seo).
import { useCallback } from 'react';
import { useParams } from 'wouter';
import { LinkIcon, MessageCircle, Phone } from 'lucide-react';
import { TRIP_PAGE, TRIP_PAGE_TEXT } from '@safarnama/contract/quotes-rules';
import { whatsappLink } from '@safarnama/contract/site-rules';
import { Button, buttonClass } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { RouteMatch } from '../../lib/match-path';
import { useSite } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { apiUrl } from '../../lib/api-client';
import { prefetchTrip, refreshTrip, useTrip } from './api/get-trip';
import type { TripSource } from './api/trip-source';
import { KeptNotice, OfflineNotice } from './components/offline-notice';
import { TripView } from './components/trip-view';
import { quotationPath, useKeepTripOffline, useRefreshWhenOnline } from './offline/use-trip-offline';

const linkSource = (token: string): TripSource => ({ kind: 'link', token });

/**
 * The data of the first render: app/lazy-page.ts calls it through the lazily imported module.
 * @public for knip, which does not follow that import's members.
 */
export const prefetch = ({ params }: RouteMatch) => prefetchTrip(linkSource(params.token ?? ''));

/** The link no longer opens a trip: what happened, in plain words, and the agency's phone and WhatsApp. */
function LinkGone({ message }: { message: string }) {
  const site = useSite();
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <div className="card p-6 text-center sm:p-10">
        <LinkIcon className="mx-auto size-12 text-amber-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{TRIP_PAGE_TEXT.linkGoneTitle}</h1>
        <p className="mt-3 text-stone-700">{message}</p>
        <p className="mt-2 text-stone-700">{TRIP_PAGE_TEXT.linkGone}</p>
        <div className="mt-6 grid gap-3 sm:flex sm:justify-center">
          {site.whatsapp ? (
            <a
              href={whatsappLink(
                site.whatsapp,
                'Hello! My trip quotation link does not work. Could you send a new one?',
              )}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('primary')}
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              Ask on WhatsApp
            </a>
          ) : null}
          {site.phone ? (
            <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className={buttonClass('outline')}>
              <Phone className="size-4" aria-hidden="true" />
              Call {site.phone}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export default function TripPage() {
  const { token = '' } = useParams();
  const source = linkSource(token);
  const trip = useTrip(source);
  // D34: the device's copy when the network failed; a fresh answer is kept for the next time it does.
  const asOf = trip.data?.offlineAsOf;
  const kept = useKeepTripOffline(source, asOf ? undefined : trip.data);
  const refresh = useCallback(() => refreshTrip(linkSource(token)), [token]);
  useRefreshWhenOnline(Boolean(asOf), refresh);
  const gone = trip.error instanceof ApiError && trip.error.status === 404;
  useDocumentTitle(gone ? TRIP_PAGE_TEXT.linkGoneTitle : TRIP_PAGE.title);
  if (gone) return <LinkGone message={errorMessage(trip.error, TRIP_PAGE_TEXT.linkGoneTitle)} />;
  if (trip.error) {
    return (
      <section className="container-page max-w-xl py-16">
        <ErrorMessage action={<Button onClick={trip.refetch}>Try again</Button>}>
          {errorMessage(trip.error, TRIP_PAGE_TEXT.loadFailed)}
        </ErrorMessage>
      </section>
    );
  }
  if (!trip.data) return <Spinner label="Loading your quotation…" />;
  const current = trip.data.current;
  return (
    <TripView
      trip={trip.data}
      source={source}
      // Offline, answering would only fail: the page is for reading until the connection returns.
      canRespond={!asOf}
      onReload={trip.refetch}
      notice={asOf ? <OfflineNotice asOf={asOf} /> : kept ? <KeptNotice /> : undefined}
      quotationUrl={current ? apiUrl(quotationPath(source, current.number)) : undefined}
    />
  );
}
