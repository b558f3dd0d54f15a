// D30 on the inquiry's page, for Staff and the Owner: start the quotation, build its draft, send it, follow the
// trip link's views, rotate the link, and look back at every version. Loaded on its own (a lazy chunk) only for
// the back office.
import { useEffect, useId, useState } from 'react';
import { Eye, FilePlus2, Link2, Pencil, RotateCw } from 'lucide-react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import type { Quote, QuoteVersion, TripUrl } from '@safarnama/contract/quotes';
import { QUOTE_BUILDER_MESSAGES, quoteViewsText } from '@safarnama/contract/quotes-rules';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useQuotes } from './api/get-quotes';
import { useRotateTripLink } from './api/rotate-trip-link';
import { useSaveQuote } from './api/save-quote';
import { useStartQuote } from './api/start-quote';
import { QuoteBuilder } from './components/quote-builder';
import { ShareLink } from './components/share-link';
import { VersionList, VersionStatus } from './components/version-list';
import { VersionView } from './components/version-view';

/** The version to work on: the accepted one (nothing changes after it), else the newest. */
const currentOf = (quote: Quote): QuoteVersion =>
  quote.versions.find((v) => v.status === 'accepted') ?? quote.versions[0]!;

function TripViews({ quote }: { quote: Quote }) {
  const link = quote.tripLink;
  // "last 2 hours ago" stays true while the page is open.
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="flex items-center gap-1.5 text-sm text-stone-600" data-testid="trip-views">
      {link ? <Eye className="size-4" aria-hidden="true" /> : <Link2 className="size-4" aria-hidden="true" />}
      {link ? quoteViewsText(link, now) : QUOTE_BUILDER_MESSAGES.noLink}
    </p>
  );
}

function QuoteBody({ inquiry, quote, onShare }: { inquiry: Inquiry; quote: Quote; onShare: (r: TripUrl) => void }) {
  const current = currentOf(quote);
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = quote.versions.find((v) => v._id === shownId) ?? current;
  const isAccepted = current.status === 'accepted';
  const edit = useSaveQuote(inquiry._id);

  const handleEdit = async () => {
    try {
      // A PUT on the sent version starts the next one as its copy.
      await edit.mutateAsync({ quoteId: quote._id, body: {} });
      setShownId(null);
    } catch (err) {
      notify.error(errorMessage(err, QUOTE_BUILDER_MESSAGES.editFailed));
    }
  };

  return (
    <div className="space-y-5">
      <VersionList versions={quote.versions} shownId={shown._id} onShow={setShownId} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 className="font-display text-lg font-bold text-stone-900">Version {shown.number}</h3>
        <VersionStatus status={shown.status} />
        {shown !== current ? (
          <Button variant="ghost" size="sm" onClick={() => setShownId(null)}>
            Back to version {current.number}
          </Button>
        ) : null}
      </div>
      {shown === current && shown.status === 'draft' ? (
        <QuoteBuilder key={shown._id} quote={quote} version={shown} onSent={onShare} />
      ) : (
        <>
          {shown === current ? (
            isAccepted ? (
              <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
                {QUOTE_BUILDER_MESSAGES.acceptedReadOnly}
              </p>
            ) : (
              <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-sand-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-stone-700">{QUOTE_BUILDER_MESSAGES.sentReadOnly}</p>
                <Button
                  size="sm"
                  className="self-start sm:self-auto"
                  onClick={() => void handleEdit()}
                  disabled={edit.isPending}
                >
                  <Pencil className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.editNext(current.number + 1)}
                </Button>
              </div>
            )
          ) : null}
          <VersionView version={shown} />
        </>
      )}
    </div>
  );
}

export default function QuotationPanel({ inquiry }: { inquiry: Inquiry }) {
  const titleId = useId();
  const quotes = useQuotes(inquiry._id);
  const start = useStartQuote(inquiry._id);
  const rotate = useRotateTripLink(inquiry._id);
  const [share, setShare] = useState<TripUrl | null>(null);
  const quote = quotes.data?.[0];

  const handleStart = async () => {
    try {
      await start.mutateAsync();
    } catch (err) {
      notify.error(errorMessage(err, QUOTE_BUILDER_MESSAGES.startFailed));
    }
  };
  const handleRotate = async () => {
    if (!window.confirm(QUOTE_BUILDER_MESSAGES.confirmNewLink)) return;
    try {
      setShare(await rotate.mutateAsync());
    } catch (err) {
      notify.error(errorMessage(err, QUOTE_BUILDER_MESSAGES.newLinkFailed));
    }
  };

  return (
    <section aria-labelledby={titleId} id="quotation" className="card min-w-0 p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {QUOTE_BUILDER_MESSAGES.title}
          </h2>
          {quote ? <TripViews quote={quote} /> : null}
        </div>
        {quote?.tripLink ? (
          <Button variant="outline" size="sm" onClick={() => void handleRotate()} disabled={rotate.isPending}>
            <RotateCw className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.newLink}
          </Button>
        ) : null}
      </div>
      {share ? (
        <div className="mb-5">
          <ShareLink result={share} customer={inquiry.customer} onClose={() => setShare(null)} />
        </div>
      ) : null}
      {quotes.isPending ? (
        <Spinner label="Loading quotation…" />
      ) : quotes.isError ? (
        <ErrorMessage
          action={
            <Button variant="outline" size="sm" onClick={() => void quotes.refetch()}>
              Try Again
            </Button>
          }
        >
          {errorMessage(quotes.error, QUOTE_BUILDER_MESSAGES.loadFailed)}
        </ErrorMessage>
      ) : quote ? (
        <QuoteBody inquiry={inquiry} quote={quote} onShare={setShare} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600">
            {inquiry.package?.id ? QUOTE_BUILDER_MESSAGES.none : QUOTE_BUILDER_MESSAGES.noneWithoutPackage}
          </p>
          <Button className="self-start sm:self-auto" onClick={() => void handleStart()} disabled={start.isPending}>
            <FilePlus2 className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.start}
          </Button>
        </div>
      )}
    </section>
  );
}
