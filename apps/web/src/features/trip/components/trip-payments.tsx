// The trip page's payments (D31), once a version is accepted: each instalment with its amount, due day and status;
// for each unpaid one the UPI QR and, on a phone, the "Pay with a UPI app" link (both exactly the server's URI), or
// the bank details or the agency's phone without a UPI id; the form that reports a payment by its UTR; the receipts.
// A lazy chunk (lazy-parts.ts): the page's first load carries none of it, and the QR library is a chunk of its own.
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Clock, FileText, Landmark, Phone, Smartphone } from 'lucide-react';
import {
  PAYMENT_MESSAGES,
  PAYMENT_MODE_LABELS,
  PAYMENT_TEXT,
  PAYMENT_WEB_TEXT,
  UTR_PATTERN,
} from '@safarnama/contract/payments-rules';
import type { TripInstalment, TripPayments } from '@safarnama/contract/payments';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Button, buttonClass } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { InstalmentStatusBadge } from '../../../components/payments/instalment-status-badge';
import { ApiError, apiUrl, errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { claimInstalment, tripReceiptPath } from '../api/claim-instalment';
import { showInstalment } from '../api/get-trip';
import type { TripSource } from '../api/trip-source';
import { loadUpiQr } from './lazy-parts';
import { TripSection } from './version-details';

const UpiQr = lazy(() => loadUpiQr().then((m) => ({ default: m.UpiQr })));

// The contract's name reads as a React hook to the linter; it is a plain sentence.
const { useReference: quoteReference } = PAYMENT_TEXT;

const isUnpaid = (i: TripInstalment) => i.status === 'due' || i.status === 'overdue';
const instalmentTitle = (i: TripInstalment, count: number) =>
  count === 2 ? (i.number === 1 ? PAYMENT_TEXT.advance : PAYMENT_TEXT.balance) : PAYMENT_TEXT.instalment(i.number);

/** The UTR form: checked as typed before it is sent; what was typed stays on every error. */
function ClaimForm({
  source,
  instalment,
  onClaimed,
}: {
  source: TripSource;
  instalment: TripInstalment;
  onClaimed: (message: string) => void;
}) {
  const [utr, setUtr] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = utr.replace(/[\s-]+/g, '');
    if (!UTR_PATTERN.test(digits)) {
      setError(PAYMENT_MESSAGES.utrInvalid);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const answer = await claimInstalment(source, instalment._id, digits);
      // The instalment turns "Payment reported", with the server's thanks in the form's place.
      onClaimed(answer.message);
      showInstalment(source, answer.instalment);
    } catch (err) {
      setError(
        (err instanceof ApiError ? err.errors?.utr : undefined) ?? errorMessage(err, PAYMENT_WEB_TEXT.claimFailed),
      );
      input.current?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="mt-4 border-t border-stone-200 pt-4">
      <p className="text-sm text-stone-700">{PAYMENT_TEXT.claimIntro}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label={PAYMENT_TEXT.claimLabel} error={error} className="min-w-0 sm:w-64">
          <input
            ref={input}
            className={inputClass}
            value={utr}
            onChange={(e) => setUtr(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            placeholder="e.g. 4132 4442 7799"
          />
        </Field>
        <Button type="submit" disabled={sending} className="sm:mt-7">
          {sending ? 'Sending…' : PAYMENT_WEB_TEXT.claimSend}
        </Button>
      </div>
    </form>
  );
}

/** What the URI asks to pay: what is left of the instalment, which a part-payment makes less than its amount. */
const uriAmount = (i: TripInstalment) => Number(/[?&]am=([\d.]+)/.exec(i.upiUri ?? '')?.[1] ?? i.amount);

/** How to pay one unpaid instalment: its QR and phone link with UPI, else the reference to quote. */
function HowToPay({ instalment }: { instalment: TripInstalment }) {
  if (!instalment.upiUri) {
    return <p className="mt-3 text-sm text-stone-700">{quoteReference(instalment.reference)}</p>;
  }
  return (
    // On a phone the button comes first (its UPI app is on the same phone); the QR is for paying from another one.
    <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
      <figure className="order-2 flex flex-col items-center gap-2 self-center sm:order-1 sm:self-auto">
        <Suspense fallback={<div className="size-[200px] animate-pulse rounded-xl bg-stone-100" />}>
          <UpiQr uri={instalment.upiUri} label={PAYMENT_WEB_TEXT.qrLabel(formatRupees(uriAmount(instalment)))} />
        </Suspense>
        <figcaption className="max-w-[200px] text-center text-xs text-stone-600">{PAYMENT_TEXT.scanToPay}</figcaption>
      </figure>
      <div className="order-1 min-w-0 space-y-3 sm:order-2">
        {/* A UPI app opens the link on a phone; a laptop has none, so the link shows for a touch or narrow screen
            (on a wrapper: the button's own display would win over `hidden`). */}
        <div className="hidden pointer-coarse:block max-sm:block">
          <a
            href={instalment.upiUri}
            className={buttonClass('accent', 'lg', 'w-full sm:w-auto')}
            data-testid="upi-pay-link"
          >
            <Smartphone className="size-5" aria-hidden="true" />
            {PAYMENT_TEXT.payWithUpi}
          </a>
        </div>
        <p className="text-sm text-stone-600">
          {PAYMENT_WEB_TEXT.reference}:{' '}
          <span className="font-mono font-medium [overflow-wrap:anywhere] text-stone-900">{instalment.reference}</span>
        </p>
      </div>
    </div>
  );
}

function InstalmentCard({
  instalment,
  count,
  source,
  canClaim,
}: {
  instalment: TripInstalment;
  count: number;
  source: TripSource;
  canClaim: boolean;
}) {
  const titleId = useId();
  const [claimMessage, setClaimMessage] = useState<string>();
  return (
    <li aria-labelledby={titleId} className="rounded-2xl p-4 ring-1 ring-stone-200 sm:p-5" data-testid="instalment">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-stone-900">
            {instalmentTitle(instalment, count)}
          </h3>
          <p className="text-sm text-stone-600">{PAYMENT_TEXT.dueOn(formatShortDate(instalment.dueDate))}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-xl font-bold text-stone-900 tabular-nums">{formatRupees(instalment.amount)}</span>
          <InstalmentStatusBadge status={instalment.status} />
        </div>
      </div>
      {isUnpaid(instalment) ? (
        <>
          <HowToPay instalment={instalment} />
          {canClaim && instalment.upiUri ? (
            <ClaimForm source={source} instalment={instalment} onClaimed={setClaimMessage} />
          ) : null}
        </>
      ) : instalment.status === 'claimed' ? (
        <p role="status" className="mt-3 flex items-start gap-2 text-sm text-sky-900">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {claimMessage ?? PAYMENT_WEB_TEXT.claimedNote}
        </p>
      ) : (
        <p className="mt-3 flex items-start gap-2 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {PAYMENT_WEB_TEXT.paidNote}
        </p>
      )}
    </li>
  );
}

/** Without a UPI id: the agency's bank (SITE_BANK_*), else its phone. */
function OtherWays({ payTo }: { payTo: TripPayments['payTo'] }) {
  const { bank } = payTo;
  if (!bank) {
    return (
      <p className="flex items-start gap-2 rounded-2xl bg-sand-100 p-4 text-stone-800">
        <Phone className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {PAYMENT_TEXT.byPhone(payTo.phone)}
      </p>
    );
  }
  const rows: [string, string | null][] = [
    [PAYMENT_TEXT.bankAccountName, bank.accountName],
    [PAYMENT_TEXT.bankAccount, bank.account],
    [PAYMENT_TEXT.bankIfsc, bank.ifsc],
    [PAYMENT_TEXT.bankName, bank.name],
    [PAYMENT_TEXT.bankBranch, bank.branch],
  ];
  return (
    <div className="rounded-2xl bg-sand-100 p-4">
      <h3 className="flex items-center gap-2 font-semibold text-stone-900">
        <Landmark className="size-5" aria-hidden="true" />
        {PAYMENT_TEXT.bankTitle}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-600">{label}</dt>
              <dd className="font-mono font-medium [overflow-wrap:anywhere] text-stone-900">{value}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

function Receipts({ source, receipts }: { source: TripSource; receipts: TripPayments['receipts'] }) {
  const [error, setError] = useState<string>();
  if (receipts.length === 0) return <p className="text-sm text-stone-600">{PAYMENT_WEB_TEXT.noReceipts}</p>;
  const download = async (id: string, number: string) => {
    setError(undefined);
    try {
      await downloadFile(tripReceiptPath(source, id), `${number.replaceAll('/', '-')}.pdf`);
    } catch (err) {
      setError(errorMessage(err, PAYMENT_WEB_TEXT.receiptFailed));
    }
  };
  return (
    <>
      <ul className="divide-y divide-stone-200" data-testid="receipts">
        {receipts.map((r) => {
          const label = PAYMENT_TEXT.receipt(r.number);
          const link = 'inline-flex items-center gap-1.5 font-medium text-brand-800 underline-offset-2 hover:underline';
          return (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
              <span className={r.reversed ? 'text-stone-500 line-through' : ''}>
                {/* The link's token is the authority: a plain link opens the PDF; a signed-in reader's needs the login. */}
                {source.kind === 'link' ? (
                  <a href={apiUrl(tripReceiptPath(source, r._id))} target="_blank" rel="noopener" className={link}>
                    <FileText className="size-4" aria-hidden="true" />
                    {label}
                  </a>
                ) : (
                  <button type="button" className={link} onClick={() => void download(r._id, r.number)}>
                    <FileText className="size-4" aria-hidden="true" />
                    {label}
                  </button>
                )}
              </span>
              <span className="text-sm text-stone-600">
                {formatRupees(r.amount)} · {PAYMENT_MODE_LABELS[r.mode]} · {formatShortDate(r.receivedAt)}
                {r.reversed ? ` · ${PAYMENT_WEB_TEXT.receiptReversed}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TripPaymentsSection({
  payments,
  source,
  canClaim,
}: {
  payments: TripPayments;
  source: TripSource;
  /** The customer reports payments; the back office's preview only looks. */
  canClaim: boolean;
}) {
  const { instalments } = payments;
  const needsOtherWay = instalments.some((i) => isUnpaid(i) && !i.upiUri);
  return (
    <TripSection title={PAYMENT_TEXT.scheduleTitle}>
      <div id="payments" className="-mt-2 mb-4 scroll-mt-20">
        <p className="text-stone-700">
          {PAYMENT_WEB_TEXT.paidOfTotal(formatRupees(payments.paid), formatRupees(payments.total))}
          {payments.pending > 0 ? ` · ${PAYMENT_WEB_TEXT.pendingLeft(formatRupees(payments.pending))}` : ''}
        </p>
      </div>
      <ol className="space-y-4">
        {instalments.map((i) => (
          <InstalmentCard key={i._id} instalment={i} count={instalments.length} source={source} canClaim={canClaim} />
        ))}
      </ol>
      {needsOtherWay ? (
        <div className="mt-4">
          <OtherWays payTo={payments.payTo} />
        </div>
      ) : null}
      <h3 className="mt-6 mb-2 font-semibold text-stone-900">{PAYMENT_TEXT.receiptsTitle}</h3>
      <Receipts source={source} receipts={payments.receipts} />
    </TripSection>
  );
}
