// The ledger (D31), newest first: claims to verify (with the amount that arrived, when it differs), verified
// payments with their receipts, and reversals; a reversed entry stays, struck through, with its reason.
import { useState, type FormEvent } from 'react';
import { CheckCircle2, FileText, Undo2 } from 'lucide-react';
import type { Instalment, Payment } from '@safarnama/contract/payments';
import {
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_MODE_LABELS,
  PAYMENT_STATE_LABELS,
  PAYMENT_WEB_TEXT,
} from '@safarnama/contract/payments-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { notify } from '../../../lib/notify';
import { useReversePayment } from '../api/reverse-payment';
import { useVerifyPayment } from '../api/verify-payment';
import { amountPaise } from '../schedule-draft';

const STATE_STYLES: Record<Payment['state'], string> = {
  claimed: 'bg-sky-100 text-sky-900 ring-sky-200',
  verified: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  reversed: 'bg-stone-100 text-stone-700 ring-stone-200',
};

const receiptFile = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

function ReceiptButton({ payment }: { payment: Payment }) {
  if (!payment.receiptNumber) return null;
  const number = payment.receiptNumber;
  const handleDownload = async () => {
    try {
      await downloadFile(`/api/payments/${encodeURIComponent(payment._id)}/receipt.pdf`, receiptFile(number));
    } catch (err) {
      notify.error(errorMessage(err, PAYMENT_WEB_TEXT.receiptFailed));
    }
  };
  return (
    <button
      type="button"
      onClick={() => void handleDownload()}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      aria-label={`${PAYMENT_WEB_TEXT.receiptPdf} ${number}`}
    >
      <FileText className="size-4" aria-hidden="true" />
      {number}
    </button>
  );
}

type Open = 'verify' | 'reverse' | null;

function VerifyForm({ inquiryId, payment, onClose }: { inquiryId: string; payment: Payment; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyPayment(inquiryId);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const paise = amount.trim() === '' ? undefined : amountPaise(amount);
    if (paise === null) {
      setError(PAYMENT_MESSAGES.amountPositive);
      return;
    }
    setError(undefined);
    try {
      const answer = await verify.mutateAsync({
        paymentId: payment._id,
        amount: paise === undefined ? undefined : paise / 100,
      });
      notify.success(answer.message || PAYMENT_MESSAGES.verified);
      onClose();
    } catch (err) {
      setError(errorMessage(err, PAYMENT_WEB_TEXT.verifyFailed));
    }
  };
  return (
    <form
      onSubmit={(e) => void handleSubmit(e)}
      noValidate
      className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Field label={PAYMENT_WEB_TEXT.verifyAmount} error={error} className="min-w-0 sm:w-64">
        <input
          className={inputClass}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder={String(payment.claimedAmount ?? payment.amount)}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={verify.isPending}>
          <CheckCircle2 className="size-4" aria-hidden="true" /> {PAYMENT_WEB_TEXT.verify}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={verify.isPending}>
          {PAYMENT_WEB_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function ReverseForm({ inquiryId, payment, onClose }: { inquiryId: string; payment: Payment; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reverse = useReversePayment(inquiryId);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(PAYMENT_MESSAGES.reasonRequired);
      return;
    }
    setError(undefined);
    try {
      const answer = await reverse.mutateAsync({ paymentId: payment._id, reason: reason.trim() });
      notify.success(answer.message || PAYMENT_MESSAGES.reversed);
      onClose();
    } catch (err) {
      setError(errorMessage(err, PAYMENT_WEB_TEXT.reverseFailed));
    }
  };
  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="mt-3 space-y-3">
      <Field label={PAYMENT_WEB_TEXT.reverseReason} error={error} required>
        <textarea
          className={inputClass}
          rows={2}
          maxLength={PAYMENT_LIMITS.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={reverse.isPending}>
          <Undo2 className="size-4" aria-hidden="true" /> {PAYMENT_WEB_TEXT.reverse}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={reverse.isPending}>
          {PAYMENT_WEB_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function Entry({
  inquiryId,
  payment,
  reversal,
  instalment,
}: {
  inquiryId: string;
  payment: Payment;
  /** The entry that reversed this one. */
  reversal?: Payment;
  instalment?: Instalment;
}) {
  const [open, setOpen] = useState<Open>(null);
  const isReversal = payment.kind === 'reversal';
  const struck = payment.state === 'reversed' && !isReversal;
  const title = isReversal
    ? PAYMENT_WEB_TEXT.reversalOf(formatRupees(Math.abs(payment.amount)))
    : payment.state === 'claimed'
      ? PAYMENT_WEB_TEXT.claimedBy(formatRupees(payment.claimedAmount ?? payment.amount))
      : formatRupees(payment.amount);
  const details = [
    payment.mode ? PAYMENT_MODE_LABELS[payment.mode] : null,
    payment.reference,
    formatShortDate(payment.receivedAt),
    instalment ? instalment.reference : null,
    payment.verifiedBy
      ? PAYMENT_WEB_TEXT.verifiedBy(payment.verifiedBy)
      : PAYMENT_WEB_TEXT.recordedBy(payment.recordedBy),
  ].filter(Boolean);
  return (
    <li className="px-4 py-3" data-testid="ledger-entry" data-state={payment.state} data-kind={payment.kind}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className={`min-w-0 ${struck ? 'text-stone-500 line-through' : ''}`}>
          <p className={`font-semibold tabular-nums ${struck ? '' : 'text-stone-900'}`}>{title}</p>
          <p className="text-sm [overflow-wrap:anywhere] text-stone-600">{details.join(' · ')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {isReversal ? null : (
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_STYLES[payment.state]}`}
            >
              {PAYMENT_STATE_LABELS[payment.state]}
            </span>
          )}
          <ReceiptButton payment={payment} />
        </div>
      </div>
      {isReversal && payment.reason ? <p className="mt-1 text-sm text-stone-700">{payment.reason}</p> : null}
      {struck && reversal?.reason ? (
        <p className="mt-1 text-sm text-stone-700">{PAYMENT_WEB_TEXT.reversedBecause(reversal.reason)}</p>
      ) : null}
      {!isReversal && payment.state !== 'reversed' && open === null ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {payment.state === 'claimed' ? (
            <Button size="sm" onClick={() => setOpen('verify')}>
              <CheckCircle2 className="size-4" aria-hidden="true" /> {PAYMENT_WEB_TEXT.verify}
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => setOpen('reverse')}>
            <Undo2 className="size-4" aria-hidden="true" /> {PAYMENT_WEB_TEXT.reverse}
          </Button>
        </div>
      ) : null}
      {open === 'verify' ? <VerifyForm inquiryId={inquiryId} payment={payment} onClose={() => setOpen(null)} /> : null}
      {open === 'reverse' ? (
        <ReverseForm inquiryId={inquiryId} payment={payment} onClose={() => setOpen(null)} />
      ) : null}
    </li>
  );
}

export function Ledger({
  inquiryId,
  payments,
  instalments,
}: {
  inquiryId: string;
  payments: Payment[];
  instalments: Instalment[];
}) {
  if (payments.length === 0) return <p className="text-sm text-stone-600">{PAYMENT_WEB_TEXT.noPayments}</p>;
  const byId = new Map(payments.map((p) => [p._id, p]));
  const instalmentById = new Map(instalments.map((i) => [i._id, i]));
  return (
    <ul className="divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200" aria-label={PAYMENT_WEB_TEXT.ledger}>
      {payments.map((p) => (
        <Entry
          key={p._id}
          inquiryId={inquiryId}
          payment={p}
          reversal={p.reversedBy ? byId.get(p.reversedBy) : undefined}
          instalment={p.instalmentId ? instalmentById.get(p.instalmentId) : undefined}
        />
      ))}
    </ul>
  );
}
