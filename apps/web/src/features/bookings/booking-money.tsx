// D33 on a booking's card, opened on demand: its cost (from its lines; a change needs a reason), what it stands at
// (owed once confirmed, paid, due) and the payments made to its supplier — recorded with amount, mode, reference
// and day, and reversed with a reason; a reversed payment stays, struck through.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Undo2, Wallet } from 'lucide-react';
import {
  PAYABLE_TEXT as TEXT,
  SUPPLIER_PAYMENT_LIMITS,
  SUPPLIER_PAYMENT_MESSAGES,
  type BookingMoney,
  type SupplierPayment,
} from '@safarnama/contract/suppliers';
import {
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  kolkataDate,
  type PaymentMode,
} from '@safarnama/contract/payments-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { amountPaise } from '../payments/schedule-draft';
import {
  useChangeCost,
  useRecordSupplierPayment,
  useReverseSupplierPayment,
  useSupplierPayments,
} from './api/supplier-payments';

type Errors = Record<string, string | undefined>;

/** A server refusal: its field messages when it has them, else its message for the form as a whole. */
function refusal(err: unknown, fallback: string): { fields: Errors; failure?: string } {
  if (err instanceof ApiError && err.errors && Object.keys(err.errors).length > 0) return { fields: err.errors };
  return { fields: {}, failure: errorMessage(err, fallback) };
}

function FormShell({
  label,
  failure,
  children,
  onSubmit,
}: {
  label: string;
  failure?: string;
  children: ReactNode;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="mt-3 space-y-3 rounded-xl bg-sand-50 p-3 ring-1 ring-stone-200"
    >
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {children}
    </form>
  );
}

function Actions({ busy, submit, onCancel }: { busy: boolean; submit: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
        {TEXT.cancel}
      </Button>
      <Button type="submit" size="sm" disabled={busy}>
        {submit}
      </Button>
    </div>
  );
}

function CostForm({ inquiryId, money, onDone }: { inquiryId: string; money: BookingMoney; onDone: () => void }) {
  const [cost, setCost] = useState(String(money.cost));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const change = useChangeCost(inquiryId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const value = cost.trim();
    const found: Errors = {};
    if (!/^\d+(\.\d{1,2})?$/.test(value)) found.cost = SUPPLIER_PAYMENT_MESSAGES.costNegative;
    if (!reason.trim()) found.reason = SUPPLIER_PAYMENT_MESSAGES.costReasonRequired;
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const answer = await change.mutateAsync({
        bookingId: money.bookingId,
        cost: Number(value),
        reason: reason.trim(),
      });
      notify.success(answer.message);
      onDone();
    } catch (err) {
      const r = refusal(err, TEXT.costFailed);
      setErrors(r.fields);
      setFailure(r.failure);
    }
  };
  return (
    <FormShell label={TEXT.changeCost} failure={failure} onSubmit={(e) => void submit(e)}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={TEXT.newCost} error={errors.cost} required>
          <input
            className={inputClass}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={cost}
            onChange={(e) => setCost(e.target.value)}
          />
        </Field>
        <Field label={TEXT.costReason} error={errors.reason} required>
          <input
            className={inputClass}
            value={reason}
            maxLength={SUPPLIER_PAYMENT_LIMITS.reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </div>
      <Actions busy={change.isPending} submit={TEXT.saveCost} onCancel={onDone} />
    </FormShell>
  );
}

/** Today is now; another day is its Kolkata noon, so the day shown is the day meant. */
const paidAtOf = (day: string) =>
  day === kolkataDate(Date.now()) ? new Date().toISOString() : `${day}T12:00:00+05:30`;

function PayForm({ inquiryId, money, onDone }: { inquiryId: string; money: BookingMoney; onDone: () => void }) {
  const left = Math.max(0, Math.round((money.cost - money.paid) * 100) / 100);
  const [values, setValues] = useState(() => ({
    amount: left > 0 ? String(left) : '',
    mode: 'bank' as PaymentMode,
    reference: '',
    day: kolkataDate(Date.now()),
  }));
  const [latestDay] = useState(() => kolkataDate(Date.now() + SUPPLIER_PAYMENT_LIMITS.paidAheadDays * 86_400_000));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const record = useRecordSupplierPayment(inquiryId);
  const set = (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const paise = amountPaise(values.amount);
    const found: Errors = {};
    if (paise === null) found.amount = PAYMENT_MESSAGES.amountPositive;
    if (values.mode !== 'cash' && !values.reference.trim())
      found.reference = SUPPLIER_PAYMENT_MESSAGES.referenceRequired;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day)) found.paidAt = SUPPLIER_PAYMENT_MESSAGES.paidAtInvalid;
    setErrors(found);
    if (Object.values(found).some(Boolean) || paise === null) return;
    try {
      const answer = await record.mutateAsync({
        bookingId: money.bookingId,
        amount: paise / 100,
        mode: values.mode,
        reference: values.reference.trim() || undefined,
        paidAt: paidAtOf(values.day),
      });
      notify.success(answer.message);
      onDone();
    } catch (err) {
      const r = refusal(err, TEXT.recordFailed);
      // A reference already used is a 409 without a field: said beside the reference, where it is fixed.
      if (r.failure === SUPPLIER_PAYMENT_MESSAGES.duplicateReference) setErrors({ reference: r.failure });
      else {
        setErrors(r.fields);
        setFailure(r.failure);
      }
    }
  };
  return (
    <FormShell label={TEXT.record} failure={failure} onSubmit={(e) => void submit(e)}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={TEXT.amount} error={errors.amount} required>
          <input
            className={inputClass}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.amount}
            onChange={(e) => set({ amount: e.target.value })}
          />
        </Field>
        <Field label={TEXT.mode} error={errors.mode} required>
          <select
            className={inputClass}
            value={values.mode}
            onChange={(e) => set({ mode: e.target.value as PaymentMode })}
          >
            {PAYMENT_MODES.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={TEXT.reference} error={errors.reference} required={values.mode !== 'cash'}>
          <input
            className={inputClass}
            value={values.reference}
            maxLength={PAYMENT_LIMITS.reference + 10}
            autoComplete="off"
            onChange={(e) => set({ reference: e.target.value })}
          />
        </Field>
        <Field label={TEXT.paidOn} error={errors.paidAt} required>
          <input
            className={inputClass}
            type="date"
            value={values.day}
            max={latestDay}
            onChange={(e) => set({ day: e.target.value })}
          />
        </Field>
      </div>
      <Actions busy={record.isPending} submit={TEXT.save} onCancel={onDone} />
    </FormShell>
  );
}

function ReverseForm({
  inquiryId,
  payment,
  onDone,
}: {
  inquiryId: string;
  payment: SupplierPayment;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const reverse = useReverseSupplierPayment(inquiryId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (!reason.trim()) return setErrors({ reason: SUPPLIER_PAYMENT_MESSAGES.reversalReasonRequired });
    try {
      const answer = await reverse.mutateAsync({ paymentId: payment._id, reason: reason.trim() });
      notify.success(answer.message);
      onDone();
    } catch (err) {
      const r = refusal(err, TEXT.reverseFailed);
      setErrors(r.fields);
      setFailure(r.failure);
    }
  };
  return (
    <FormShell
      label={`${TEXT.reverse} ${formatRupees(payment.amount)}`}
      failure={failure}
      onSubmit={(e) => void submit(e)}
    >
      <Field label={TEXT.reverseReason} error={errors.reason} required>
        <input
          className={inputClass}
          value={reason}
          maxLength={SUPPLIER_PAYMENT_LIMITS.reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <Actions busy={reverse.isPending} submit={TEXT.confirmReverse} onCancel={onDone} />
    </FormShell>
  );
}

function PaymentRow({
  inquiryId,
  payment,
  canReverse,
}: {
  inquiryId: string;
  payment: SupplierPayment;
  canReverse: boolean;
}) {
  const [reversing, setReversing] = useState(false);
  const what =
    payment.kind === 'reversal'
      ? TEXT.reversedBecause(payment.reason ?? '')
      : [payment.mode ? PAYMENT_MODE_LABELS[payment.mode] : null, payment.reference].filter(Boolean).join(' · ');
  return (
    <li className="py-2" data-testid="supplier-payment">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className={payment.reversed ? 'text-stone-500 line-through' : 'text-stone-900'}>
          <span className="font-semibold tabular-nums">
            {payment.kind === 'reversal' ? '−' : ''}
            {formatRupees(payment.amount)}
          </span>{' '}
          {what} · {formatShortDate(payment.paidAt)} · {TEXT.by(payment.recordedBy)}
        </span>
        {canReverse && !reversing ? (
          <Button variant="ghost" size="sm" onClick={() => setReversing(true)}>
            <Undo2 className="size-4" aria-hidden="true" /> {TEXT.reverse}
          </Button>
        ) : null}
      </div>
      {reversing ? <ReverseForm inquiryId={inquiryId} payment={payment} onDone={() => setReversing(false)} /> : null}
    </li>
  );
}

type Open = 'cost' | 'pay' | null;

function MoneyBody({ inquiryId, money }: { inquiryId: string; money: BookingMoney }) {
  const [open, setOpen] = useState<Open>(null);
  const declined = money.status === 'declined';
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p className="text-stone-900">
        <span className="font-semibold">{TEXT.cost}:</span>{' '}
        <span className="tabular-nums">{formatRupees(money.cost)}</span>
        {money.cost !== money.linesCost ? (
          <span className="ml-2 text-xs text-stone-600">{TEXT.costFromLines(formatRupees(money.linesCost))}</span>
        ) : null}
      </p>
      <p className="text-stone-700 tabular-nums" data-testid="booking-figures">
        {TEXT.figures(formatRupees(money.owed), formatRupees(money.paid), formatRupees(money.due))}
      </p>
      <h4 className="pt-1 font-semibold text-stone-900">{TEXT.payments}</h4>
      {money.payments.length === 0 ? (
        <p className="text-stone-600">{TEXT.noPayments}</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {money.payments.map((p) => (
            <PaymentRow
              key={p._id}
              inquiryId={inquiryId}
              payment={p}
              canReverse={p.kind === 'payment' && !p.reversed}
            />
          ))}
        </ul>
      )}
      {!declined && open === null ? (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" variant="outline" onClick={() => setOpen('pay')}>
            {TEXT.record}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setOpen('cost')}>
            {TEXT.changeCost}
          </Button>
        </div>
      ) : null}
      {open === 'cost' ? <CostForm inquiryId={inquiryId} money={money} onDone={() => setOpen(null)} /> : null}
      {open === 'pay' ? <PayForm inquiryId={inquiryId} money={money} onDone={() => setOpen(null)} /> : null}
    </div>
  );
}

export function BookingMoneySection({ inquiryId, bookingId }: { inquiryId: string; bookingId: string }) {
  const [shown, setShown] = useState(false);
  const money = useSupplierPayments(inquiryId, shown);
  const mine = money.data?.bookings.find((b) => b.bookingId === bookingId);
  return (
    <div className="mt-3 border-t border-stone-200 pt-2">
      <Button variant="ghost" size="sm" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
        <Wallet className="size-4" aria-hidden="true" /> {shown ? TEXT.moneyHide : TEXT.moneyToggle}
      </Button>
      {!shown ? null : money.isPending ? (
        <Spinner label="Loading…" />
      ) : money.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(money.error, TEXT.loadFailed)}
        </p>
      ) : mine ? (
        <MoneyBody inquiryId={inquiryId} money={mine} />
      ) : null}
    </div>
  );
}
