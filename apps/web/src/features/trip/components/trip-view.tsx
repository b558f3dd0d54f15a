// The trip page's content (D30), the same for the customer's link and their signed-in inquiry: the agency, the
// trip, the current version with its prices, validity and terms, the customer's answer (accept, ask for changes)
// and the earlier versions to compare.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  AlertTriangle,
  CalendarDays,
  CheckCircle2,
  Clock,
  FileDown,
  Mail,
  MessageCircle,
  Phone,
  Users,
} from 'lucide-react';
import type { Trip, TripVersion } from '@safarnama/contract/quotes';
import { QUOTE_MESSAGES, TRIP_PAGE_TEXT } from '@safarnama/contract/quotes-rules';
import { formatDateTime, formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { whatsappLink } from '@safarnama/contract/site-rules';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAfterLoad } from '../../../lib/use-after-load';
import { refreshTripPayments, showAccepted } from '../api/get-trip';
import type { TripSource } from '../api/trip-source';
import { EarlierVersions } from './compare-versions';
import { loadAcceptForm, loadChangesForm, loadTripPayments, preloadLazyParts } from './lazy-parts';
import { TripSection, VersionDetails } from './version-details';

const AcceptForm = lazy(() => loadAcceptForm().then((m) => ({ default: m.AcceptForm })));
const ChangesForm = lazy(() => loadChangesForm().then((m) => ({ default: m.ChangesForm })));
// D32's papers exist only after an invoice is issued: a chunk of their own, off the page's first load.
const TripPapers = lazy(() => import('./trip-papers').then((m) => ({ default: m.TripPapers })));
// Issue 53's bookings exist only once a supplier confirms: a chunk of their own too.
const TripBookings = lazy(() => import('./trip-bookings').then((m) => ({ default: m.TripBookings })));
const TripPaymentsSection = lazy(() => loadTripPayments().then((m) => ({ default: m.TripPaymentsSection })));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      {icon}
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
    </li>
  );
}

/** The page's width on a large screen: a document to read, not a dashboard. */
const READING_WIDTH = 'container-page max-w-4xl!';

function TripHeader({ trip, agency }: { trip: Trip['trip']; agency: string }) {
  const icon = 'size-4 shrink-0 text-accent-300';
  const travellers = [plural(trip.adults, 'adult', 'adults'), trip.kids > 0 ? plural(trip.kids, 'kid', 'kids') : '']
    .filter(Boolean)
    .join(', ');
  return (
    <header className="bg-brand-900 pt-8 pb-20 text-white sm:pt-12 sm:pb-24">
      <div className={READING_WIDTH}>
        <p className="text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">Your trip quotation</p>
        <h1 className="mt-2 text-3xl font-bold text-white [overflow-wrap:anywhere] sm:text-5xl">{trip.destination}</h1>
        <p className="mt-2 text-brand-100">
          Prepared for {trip.customerName} by {agency}
        </p>
        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-brand-50 sm:text-base">
          <Fact icon={<Users className={icon} aria-hidden="true" />}>{travellers}</Fact>
          {trip.travelDate ? (
            <Fact icon={<CalendarDays className={icon} aria-hidden="true" />}>
              From {formatShortDate(trip.travelDate)}
            </Fact>
          ) : null}
          {trip.tourDuration ? (
            <Fact icon={<Clock className={icon} aria-hidden="true" />}>{trip.tourDuration}</Fact>
          ) : null}
        </ul>
      </div>
    </header>
  );
}

function AgencyCard({ trip }: { trip: Trip }) {
  const { agency } = trip;
  const greeting = `Hello ${agency.name}, about my trip quotation for ${trip.trip.destination}:`;
  return (
    <TripSection title={`Questions? Talk to ${agency.name}`}>
      {trip.trip.handlerName ? (
        <p className="-mt-2 mb-4 text-stone-600">Your travel expert: {trip.trip.handlerName}</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {agency.whatsapp ? (
          <a
            href={whatsappLink(agency.whatsapp, greeting)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('primary')}
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            WhatsApp us
          </a>
        ) : null}
        {agency.phone ? (
          <a href={tel(agency.phone)} className={buttonClass('outline')}>
            <Phone className="size-4" aria-hidden="true" />
            Call {agency.phone}
          </a>
        ) : null}
      </div>
      {agency.email ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-stone-600">
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          <a href={`mailto:${agency.email}`} className="break-all text-brand-800 hover:underline">
            {agency.email}
          </a>
        </p>
      ) : null}
    </TripSection>
  );
}

/** The total, the validity and where the version stands, at the top of the page. */
function Summary({
  version,
  thanks,
  onRespond,
  quotationUrl,
}: {
  version: TripVersion;
  /** The server's thanks, right after the customer accepted here. */
  thanks?: string;
  onRespond?: () => void;
  quotationUrl?: string;
}) {
  const { totals } = version;
  return (
    <section aria-label="Summary" className="rounded-3xl bg-white p-5 shadow-lg ring-1 ring-stone-200/70 sm:p-8">
      <p className="text-sm font-medium text-stone-500">Version {version.number} · Total for your trip</p>
      <p className="mt-1 text-4xl font-bold text-brand-800 tabular-nums">{formatRupees(totals.total)}</p>
      <p className="mt-1 text-stone-600">
        {formatRupees(totals.perTraveller)} per traveller · {plural(totals.travellers, 'traveller', 'travellers')}
        {totals.gst > 0 ? ` · includes GST ${totals.gstPercent}% (${formatRupees(totals.gst)})` : ''}
      </p>
      <VersionStatus version={version} thanks={thanks} />
      {quotationUrl ? (
        <p className="mt-3">
          <a
            href={quotationUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1.5 font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            <FileDown className="size-4" aria-hidden="true" />
            {TRIP_PAGE_TEXT.quotationPdf}
          </a>
        </p>
      ) : null}
      {onRespond ? (
        <div className="mt-5">
          <Button variant="accent" size="lg" className="w-full sm:w-auto" onClick={onRespond}>
            Accept or ask for changes
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function VersionStatus({ version, thanks }: { version: TripVersion; thanks?: string }) {
  if (version.status === 'accepted') {
    return (
      <div role="status" className="mt-4 rounded-2xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
        <p className="flex items-start gap-2 font-semibold">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {TRIP_PAGE_TEXT.acceptedBy(
            version.acceptedName ?? '',
            version.acceptedAt ? formatDateTime(version.acceptedAt) : '',
          )}
        </p>
        <p className="mt-1 pl-7 text-sm">{thanks ?? TRIP_PAGE_TEXT.acceptedNext}</p>
      </div>
    );
  }
  if (version.status === 'expired') {
    return (
      <div role="alert" className="mt-4 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
        <p className="flex items-start gap-2 font-semibold">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {TRIP_PAGE_TEXT.expiredTitle} ({TRIP_PAGE_TEXT.validUntil(formatShortDate(version.validUntil))})
        </p>
        <p className="mt-1 pl-7 text-sm">{TRIP_PAGE_TEXT.expiredHelp}</p>
      </div>
    );
  }
  return (
    <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
      <CalendarDays className="size-4" aria-hidden="true" />
      {TRIP_PAGE_TEXT.validUntil(formatShortDate(version.validUntil))}
    </p>
  );
}

type Answer = 'accept' | 'changes' | null;

/** The customer's answer: accept (not once expired) or ask for changes, one form open at a time. */
function Respond({
  source,
  version,
  open,
  onOpen,
  onAccepted,
  onReload,
}: {
  source: TripSource;
  version: TripVersion;
  open: Answer;
  onOpen: (answer: Answer) => void;
  onAccepted: (version: TripVersion, message: string) => void;
  onReload: () => void;
}) {
  const canAccept = version.status === 'sent';
  return (
    <section id="respond" aria-labelledby="respond-title" className="card scroll-mt-20 p-5 sm:p-6">
      <h2 id="respond-title" className="text-lg font-semibold sm:text-xl">
        Your answer
      </h2>
      {open === null ? (
        <>
          <p className="mt-2 text-stone-600">
            {canAccept
              ? `Happy with version ${version.number}? Accept it. Something to change? Tell us and we will send a new version.`
              : 'Tell us what you would like, and we will send you an updated quotation.'}
          </p>
          <div className="mt-4 grid gap-3 sm:flex">
            {canAccept ? (
              <Button variant="accent" size="lg" onClick={() => onOpen('accept')}>
                <CheckCircle2 className="size-5" aria-hidden="true" />
                Accept
              </Button>
            ) : null}
            <Button variant="outline" size="lg" onClick={() => onOpen('changes')}>
              <MessageCircle className="size-5" aria-hidden="true" />
              Ask for changes
            </Button>
          </div>
        </>
      ) : (
        <Suspense fallback={<Spinner />}>
          <div className="mt-4">
            {open === 'accept' && canAccept ? (
              <AcceptForm
                source={source}
                version={version}
                onAccepted={onAccepted}
                onReload={onReload}
                onCancel={() => onOpen(null)}
              />
            ) : (
              <ChangesForm source={source} onCancel={() => onOpen(null)} />
            )}
          </div>
        </Suspense>
      )}
    </section>
  );
}

export function TripView({
  trip,
  source,
  canRespond,
  notice,
  onReload,
  quotationUrl,
}: {
  trip: Trip;
  source: TripSource;
  /** Whether this reader answers for the customer (the back office only looks). */
  canRespond: boolean;
  /** Shown above the page (the back office's preview says what it is). */
  notice?: ReactNode;
  onReload: () => void;
  /** The quotation's PDF, by the link (no login). */
  quotationUrl?: string;
}) {
  // The server's thanks for an acceptance; the accepted version itself replaces the cached trip's current one.
  const [acceptedMessage, setAcceptedMessage] = useState<string>();
  const [open, setOpen] = useState<Answer>(null);
  const current = trip.current;
  const afterLoad = useAfterLoad();
  useEffect(() => {
    if (afterLoad) void preloadLazyParts().catch(() => undefined);
  }, [afterLoad]);

  const showAnswer = () => document.getElementById('respond')?.scrollIntoView?.({ block: 'start' });
  const openAnswer = (answer: Answer) => {
    setOpen(answer);
    if (answer) showAnswer();
  };
  const respondable = canRespond && current !== null && current.status !== 'accepted';

  return (
    <article className="pb-12">
      <TripHeader trip={trip.trip} agency={trip.agency.name} />
      <div className={`${READING_WIDTH} -mt-14 space-y-5 sm:-mt-16`}>
        {notice}
        {current ? (
          <>
            <Summary
              version={current}
              thanks={acceptedMessage}
              onRespond={respondable ? showAnswer : undefined}
              quotationUrl={quotationUrl}
            />
            {trip.bookings?.length ? (
              <Suspense fallback={<Spinner />}>
                <TripBookings bookings={trip.bookings} emergencyPhone={trip.emergencyPhone} source={source} />
              </Suspense>
            ) : null}
            {trip.payments ? (
              <Suspense fallback={<Spinner label="Loading your payments…" />}>
                <TripPaymentsSection payments={trip.payments} source={source} canClaim={canRespond} />
              </Suspense>
            ) : null}
            <VersionDetails version={current} />
            <TripSection title="Payment terms">
              <ul className="list-disc space-y-1 pl-5 text-stone-700">
                {trip.terms.text.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </TripSection>
            {respondable ? (
              <Respond
                source={source}
                version={current}
                open={open}
                onOpen={openAnswer}
                onAccepted={(version, message) => {
                  showAccepted(source, version);
                  // The acceptance made the payment schedule (D31): the trip is read again to show it.
                  refreshTripPayments(source);
                  setAcceptedMessage(message);
                  setOpen(null);
                  window.scrollTo?.({ top: 0 });
                }}
                onReload={onReload}
              />
            ) : null}
            {trip.invoices?.length ? (
              <Suspense fallback={<Spinner />}>
                <TripPapers papers={trip.invoices} source={source} />
              </Suspense>
            ) : null}
            {trip.earlier.length > 0 ? <EarlierVersions current={current} earlier={trip.earlier} /> : null}
          </>
        ) : (
          <section className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200/70 sm:p-8">
            <h2 className="text-xl font-bold">{TRIP_PAGE_TEXT.notReadyTitle}</h2>
            <p className="mt-2 text-stone-700">{QUOTE_MESSAGES.noQuoteYet}</p>
          </section>
        )}
        <AgencyCard trip={trip} />
      </div>
    </article>
  );
}
