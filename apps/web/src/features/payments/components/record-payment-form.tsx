// Recording money received (D31): amount, mode, reference, the day it came and, optionally, the instalment it pays.
// Verified at once; a reference already used is refused by the server in its words; nothing typed is lost.
import { useState, type FormEvent } from 'react';
import type { Instalment } from '@safarnama/contract/payments';
import {
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  PAYMENT_WEB_TEXT,
  kolkataDate,
  type PaymentMode,
} from '@safarnama/contract/payments-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRecordPayment } from '../api/record-payment';
import { amountPaise } from '../schedule-draft';

type Values = { amount: string; mode: PaymentMode; reference: string; day: string; instalmentId: string };
type Errors = Partial<Record<keyof Values, string>>;

/** Today is now; an earlier (or tomorrow's) day is its Kolkata noon, so the day shown is the day meant. */
const receivedAtOf = (day: string) =>
  day === kolkataDate(Date.now()) ? new Date().toISOString() : `${day}T12:00:00+05:30`;

const SERVER_FIELDS: Record<string, keyof Values> = {
  amount: 'amount',
  mode: 'mode',
  reference: 'reference',
  receivedAt: 'day',
  instalmentId: 'instalmentId',
};

export function RecordPaymentForm({
  inquiryId,
  instalments,
  onDone,
}: {
  inquiryId: string;
  instalments: Instalment[];
  onDone: () => void;
}) {
  const next = instalments.find((i) => i.status !== 'paid');
  const [values, setValues] = useState<Values>(() => ({
    amount: next ? String(Math.round((next.amount - next.paid) * 100) / 100) : '',
    mode: 'bank',
    reference: '',
    day: kolkataDate(Date.now()),
    instalmentId: '',
  }));
  // The latest day a payment may be dated (a cheque dated tomorrow), fixed when the form opens.
  const [latestDay] = useState(() => kolkataDate(Date.now() + PAYMENT_LIMITS.receivedAheadDays * 86_400_000));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const record = useRecordPayment(inquiryId);
  const set = (change: Partial<Values>) => setValues((v) => ({ ...v, ...change }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const paise = amountPaise(values.amount);
    const found: Errors = {};
    if (paise === null) found.amount = PAYMENT_MESSAGES.amountPositive;
    if (values.mode !== 'cash' && !values.reference.trim()) found.reference = PAYMENT_MESSAGES.referenceRequired;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day)) found.day = PAYMENT_MESSAGES.receivedAtInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0 || paise === null) return;
    try {
      const answer = await record.mutateAsync({
        amount: paise / 100,
        mode: values.mode,
        reference: values.reference.trim() || undefined,
        receivedAt: receivedAtOf(values.day),
        instalmentId: values.instalmentId || undefined,
      });
      notify.success(answer.message || PAYMENT_MESSAGES.recorded);
      onDone();
    } catch (err) {
      const fieldErrors: Errors = {};
      if (err instanceof ApiError && err.errors) {
        for (const [key, message] of Object.entries(err.errors)) {
          const field = SERVER_FIELDS[key];
          if (field) fieldErrors[field] ??= message;
        }
      }
      // A duplicate reference is a 409 without a field: said beside the reference, where it is fixed.
      if (err instanceof ApiError && err.message === PAYMENT_MESSAGES.duplicateReference)
        fieldErrors.reference ??= err.message;
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(errorMessage(err, PAYMENT_WEB_TEXT.recordFailed));
    }
  };

  return (
    <form
      onSubmit={(e) => void handleSubmit(e)}
      noValidate
      className="space-y-4 rounded-xl bg-sand-50 p-4 ring-1 ring-stone-200"
      aria-label={PAYMENT_WEB_TEXT.record}
    >
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Field label={PAYMENT_WEB_TEXT.amount} error={errors.amount} required>
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
        <Field label={PAYMENT_WEB_TEXT.mode} error={errors.mode} required>
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
        <Field label={PAYMENT_WEB_TEXT.referenceOptional} error={errors.reference} required={values.mode !== 'cash'}>
          <input
            className={inputClass}
            value={values.reference}
            maxLength={PAYMENT_LIMITS.reference + 10}
            autoComplete="off"
            onChange={(e) => set({ reference: e.target.value })}
          />
        </Field>
        <Field label={PAYMENT_WEB_TEXT.receivedAt} error={errors.day} required>
          <input
            className={inputClass}
            type="date"
            value={values.day}
            max={latestDay}
            onChange={(e) => set({ day: e.target.value })}
          />
        </Field>
        <Field label={PAYMENT_WEB_TEXT.forInstalment} error={errors.instalmentId}>
          <select
            className={inputClass}
            value={values.instalmentId}
            onChange={(e) => set({ instalmentId: e.target.value })}
          >
            <option value="">{PAYMENT_WEB_TEXT.anyInstalment}</option>
            {instalments.map((i) => (
              <option key={i._id} value={i._id}>
                {i.number}. {i.reference}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onDone} disabled={record.isPending}>
          {PAYMENT_WEB_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : PAYMENT_WEB_TEXT.record}
        </Button>
      </div>
    </form>
  );
}
