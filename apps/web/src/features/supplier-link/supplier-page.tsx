// /supplier/{token} (D33): a supplier's booking request, opened from the agency's mail or WhatsApp without an
// account, laid out for a phone. It shows what to provide, for whom and when — never a price — and takes one answer:
// Confirm (with a confirmation number) or Decline (with a reason). A wrong (404), expired (410) or used link says
// so and changes nothing; the server keeps the page out of search engines (apps/api/src/seo). Imports nothing of the
// back office.
import { useState, type FormEvent } from 'react';
import { useParams } from 'wouter';
import { CheckCircle2, LinkIcon, Phone, XCircle } from 'lucide-react';
import type { SupplierRequest } from '@safarnama/contract/suppliers';
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  SUPPLIER_PAGE,
  SUPPLIER_PAGE_TEXT as TEXT,
  bookingLineText,
  travellersText,
} from '@safarnama/contract/suppliers-rules';
import { formatShortDate } from '@safarnama/contract/common-rules';
import { Button, buttonClass } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage, request } from '../../lib/api-client';
import type { RouteMatch } from '../../lib/match-path';
import { useSite } from '../../lib/site';
import { prefetchResource, setResourceData, useResource } from '../../lib/use-resource';
import { useDocumentTitle } from '../../lib/use-document-title';

const path = (token: string) => `/api/supplier-links/${encodeURIComponent(token)}`;
const keyOf = (token: string) => `supplier-link/${token}`;
// The token in the path is the whole authority: no login token is sent (a stale login changes nothing).
const fetchRequest = (token: string) => () =>
  request<SupplierRequest>(path(token), { anonymous: true }).then((r) => r.data);

/**
 * The data of the first render: app/lazy-page.ts calls it through the lazily imported module.
 * @public for knip, which does not follow that import's members.
 */
export const prefetch = ({ params }: RouteMatch) =>
  prefetchResource(keyOf(params.token ?? ''), fetchRequest(params.token ?? ''));

const day = (ymd: string) => formatShortDate(`${ymd}T12:00:00+05:30`);

function CallAgency({ agency }: { agency: { name: string; phone: string } }) {
  if (!agency.phone) return null;
  return (
    <a href={`tel:${agency.phone.replace(/[^\d+]/g, '')}`} className={buttonClass('outline', 'md', 'w-full sm:w-auto')}>
      <Phone className="size-4" aria-hidden="true" /> {TEXT.question(agency.name)}
    </a>
  );
}

/** A link that opens no request: wrong, replaced, or expired. */
function LinkGone({ title, message }: { title: string; message: string }) {
  const site = useSite();
  return (
    <div className="card p-6 text-center">
      <LinkIcon className="mx-auto size-10 text-amber-600" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-700">{message}</p>
      <div className="mt-5">
        <CallAgency agency={{ name: site.name, phone: site.phone }} />
      </div>
    </div>
  );
}

function Details({ req }: { req: SupplierRequest }) {
  const rows: [string, string][] = [
    [TEXT.traveller, req.travellerName],
    [TEXT.travellers, travellersText(req.adults, req.kids)],
    [TEXT.travelDate, req.travelDate ? day(req.travelDate) : TEXT.notSet],
    ...(req.tourDuration ? [[TEXT.duration, req.tourDuration] as [string, string]] : []),
  ];
  return (
    <>
      <dl className="mt-4 divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 px-3 py-2.5">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="font-medium break-words text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-5 font-semibold text-stone-900">{TEXT.provide}</h2>
      <ul className="mt-2 space-y-2">
        {req.lines.map((l, i) => (
          <li key={i} className="rounded-xl bg-sand-50 px-3 py-2.5 text-stone-900 ring-1 ring-stone-200">
            {bookingLineText(l)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The answer already given: through this page just now (`message`), or earlier (the link is used). */
function Answered({ req, message }: { req: SupplierRequest; message?: string }) {
  const confirmed = req.status === 'confirmed';
  const Icon = confirmed ? CheckCircle2 : XCircle;
  return (
    <div
      role="status"
      className={`mt-5 rounded-xl p-4 ring-1 ${confirmed ? 'bg-emerald-50 ring-emerald-200' : 'bg-stone-100 ring-stone-200'}`}
    >
      <p
        className={`flex items-center gap-2 text-lg font-semibold ${confirmed ? 'text-emerald-900' : 'text-stone-900'}`}
      >
        <Icon className="size-5" aria-hidden="true" /> {confirmed ? TEXT.confirmedTitle : TEXT.declinedTitle}
      </p>
      {confirmed && req.confirmationNumber ? (
        <p className="mt-1 font-medium text-emerald-900">{TEXT.yourNumber(req.confirmationNumber)}</p>
      ) : null}
      <p className="mt-2 text-stone-800">{message ?? TEXT.answeredAlready}</p>
    </div>
  );
}

type Mode = 'choose' | 'confirm' | 'decline';

function AnswerForm({ token, onAnswered }: { token: string; onAnswered: (message: string) => void }) {
  const [mode, setMode] = useState<Mode>('choose');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [gone, setGone] = useState<{ title: string; message: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text)
      return setError(mode === 'confirm' ? BOOKING_MESSAGES.confirmationRequired : BOOKING_MESSAGES.reasonRequired);
    setError(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      const body =
        mode === 'confirm' ? { action: 'confirm', confirmationNumber: text } : { action: 'decline', reason: text };
      const { data } = await request<{ message: string; request: SupplierRequest }>(path(token), {
        method: 'POST',
        body,
        anonymous: true,
      });
      setResourceData<SupplierRequest>(keyOf(token), () => data.request);
      onAnswered(data.message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        // Answered meanwhile (another tab, or the agency by phone): the page shows the answer the server has.
        setFailure(err.message);
        const fresh = await fetchRequest(token)().catch(() => undefined);
        if (fresh) setResourceData<SupplierRequest>(keyOf(token), () => fresh);
      } else if (err instanceof ApiError && (err.status === 404 || err.status === 410)) {
        setGone({ title: err.status === 410 ? TEXT.expiredTitle : TEXT.wrongTitle, message: err.message });
      } else if (err instanceof ApiError && err.errors) {
        setError(Object.values(err.errors)[0]);
      } else {
        setFailure(errorMessage(err, TEXT.loadFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  if (gone)
    return (
      <div className="mt-5">
        <LinkGone {...gone} />
      </div>
    );
  if (mode === 'choose') {
    return (
      <div className="mt-6 grid gap-3">
        <Button size="lg" className="w-full" onClick={() => setMode('confirm')}>
          <CheckCircle2 className="size-5" aria-hidden="true" /> {TEXT.confirm}
        </Button>
        <Button size="lg" variant="outline" className="w-full" onClick={() => setMode('decline')}>
          <XCircle className="size-5" aria-hidden="true" /> {TEXT.decline}
        </Button>
      </div>
    );
  }
  const confirm = mode === 'confirm';
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-6 space-y-4"
      aria-label={confirm ? TEXT.confirm : TEXT.decline}
    >
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <Field label={confirm ? TEXT.confirmationLabel : TEXT.reasonLabel} error={error} required>
        {confirm ? (
          <input
            className={inputClass}
            value={value}
            maxLength={BOOKING_LIMITS.confirmationNumber}
            autoComplete="off"
            autoFocus
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <textarea
            className={inputClass}
            rows={3}
            value={value}
            maxLength={BOOKING_LIMITS.reason}
            autoFocus
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-3">
        <Button type="submit" size="lg" className="w-full" variant={confirm ? 'primary' : 'danger'} disabled={busy}>
          {confirm ? TEXT.sendConfirm : TEXT.sendDecline}
        </Button>
        <Button
          variant="ghost"
          className="w-full"
          disabled={busy}
          onClick={() => {
            setMode('choose');
            setValue('');
            setError(undefined);
            setFailure(undefined);
          }}
        >
          {TEXT.back}
        </Button>
      </div>
    </form>
  );
}

export default function SupplierPage() {
  const { token = '' } = useParams();
  const req = useResource(keyOf(token), fetchRequest(token), Infinity);
  const [message, setMessage] = useState<string>();
  const status = req.error instanceof ApiError ? req.error.status : undefined;
  const goneTitle = status === 404 ? TEXT.wrongTitle : status === 410 ? TEXT.expiredTitle : undefined;
  useDocumentTitle(goneTitle ?? SUPPLIER_PAGE.title);

  let body;
  if (goneTitle) body = <LinkGone title={goneTitle} message={errorMessage(req.error, goneTitle)} />;
  else if (req.error) {
    body = (
      <ErrorMessage action={<Button onClick={req.refetch}>{TEXT.tryAgain}</Button>}>
        {errorMessage(req.error, TEXT.loadFailed)}
      </ErrorMessage>
    );
  } else if (!req.data) body = <Spinner label="Loading the request…" />;
  else {
    const r = req.data;
    const open = r.status === 'pending' || r.status === 'requested';
    body = (
      <div className="card p-5 sm:p-6">
        <p className="text-sm text-stone-600">{TEXT.addressedTo(r.addressedTo)}</p>
        <h1 className="mt-1 text-xl font-bold text-stone-900 sm:text-2xl">{TEXT.heading(r.agency.name)}</h1>
        <Details req={r} />
        {open ? <AnswerForm token={token} onAnswered={setMessage} /> : <Answered req={r} message={message} />}
        <div className="mt-6 border-t border-stone-100 pt-4">
          <CallAgency agency={r.agency} />
        </div>
      </div>
    );
  }
  return <section className="container-page max-w-lg py-6 sm:py-10">{body}</section>;
}
