// The schedule editor (D31): split an instalment, move a date, change amounts, with the live "must sum to" check;
// nothing is sent until the instalments add up to the total, and the server's refusals show where they belong.
import { useId, useState, type FormEvent } from 'react';
import { Plus, Scissors, Trash2 } from 'lucide-react';
import type { InquiryPayments } from '@safarnama/contract/payments';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, PAYMENT_WEB_TEXT, kolkataDate } from '@safarnama/contract/payments-rules';
import { rupeesToPaise } from '@safarnama/contract/quotes-rules';
import { formatRupees } from '@safarnama/contract/common-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveSchedule } from '../api/save-schedule';
import {
  addRow,
  canAddRow,
  isLocked,
  leftPaise,
  removeRow,
  rowErrors,
  rowsOf,
  splitRow,
  sumPaise,
  toScheduleBody,
  updateRow,
  type DraftRow,
} from '../schedule-draft';

const rupees = (paise: number) => formatRupees(paise / 100);
/** A paid row's inputs read as fixed, not as fields to type in. */
const fixedClass = `${inputClass} read-only:border-stone-200 read-only:bg-stone-100 read-only:text-stone-600`;

/** The live check: how the rows stand against the total. */
function sumCheckText(rows: readonly DraftRow[], totalPaise: number) {
  const left = leftPaise(rows, totalPaise);
  const total = rupees(totalPaise);
  if (left === 0) return PAYMENT_WEB_TEXT.scheduleMatches(total);
  return left > 0
    ? PAYMENT_WEB_TEXT.scheduleLeft(total, rupees(left))
    : PAYMENT_WEB_TEXT.scheduleOver(total, rupees(-left));
}

type ServerRowErrors = Record<number, { amount?: string; dueDate?: string }>;

/** The server's field errors ('instalments.1.amount') by row; the rest is said above the rows. */
function serverRowErrors(err: unknown): ServerRowErrors {
  const byRow: ServerRowErrors = {};
  if (!(err instanceof ApiError) || !err.errors) return byRow;
  for (const [key, message] of Object.entries(err.errors)) {
    const match = /^instalments\.(\d+)\.(amount|dueDate)$/.exec(key);
    if (match) (byRow[Number(match[1])] ??= {})[match[2] as 'amount' | 'dueDate'] ??= message;
  }
  return byRow;
}

export function ScheduleEditor({
  inquiryId,
  payments,
  onDone,
}: {
  inquiryId: string;
  payments: InquiryPayments;
  onDone: () => void;
}) {
  const titleId = useId();
  const checkId = useId();
  const totalPaise = rupeesToPaise(payments.total);
  const [rows, setRows] = useState(() => rowsOf(payments.instalments, totalPaise, kolkataDate(Date.now())));
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [serverErrors, setServerErrors] = useState<ServerRowErrors>({});
  const save = useSaveSchedule(inquiryId);
  const left = leftPaise(rows, totalPaise);
  const errors = rowErrors(rows);
  const change = (next: DraftRow[]) => {
    setRows(next);
    setServerErrors({});
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (errors.some((e) => e.amount || e.dueDate) || left !== 0) {
      setShowErrors(true);
      if (left !== 0) setFailure(PAYMENT_MESSAGES.scheduleSum(rupees(sumPaise(rows)), rupees(totalPaise)));
      return;
    }
    try {
      await save.mutateAsync(toScheduleBody(rows));
      notify.success(PAYMENT_MESSAGES.scheduleSaved);
      onDone();
    } catch (err) {
      setServerErrors(serverRowErrors(err));
      setFailure(errorMessage(err, PAYMENT_WEB_TEXT.scheduleFailed));
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate aria-labelledby={titleId} className="space-y-4">
      <h4 id={titleId} className="font-semibold text-stone-900">
        {payments.instalments.length === 0 ? PAYMENT_WEB_TEXT.makeSchedule : PAYMENT_WEB_TEXT.editSchedule}
      </h4>
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const locked = isLocked(row);
          const amountError = serverErrors[index]?.amount ?? (showErrors ? errors[index]?.amount : undefined);
          const dateError = serverErrors[index]?.dueDate ?? (showErrors ? errors[index]?.dueDate : undefined);
          const label = `Instalment ${index + 1}`;
          return (
            <li
              key={row.key}
              className="grid grid-cols-1 items-start gap-3 rounded-xl bg-sand-50 p-3 ring-1 ring-stone-200 sm:grid-cols-[6.5rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
              data-testid="schedule-row"
            >
              <p className="flex items-baseline gap-2 font-medium text-stone-800 sm:block sm:pt-8">
                {index + 1}.
                {locked ? (
                  <span className="text-xs font-normal text-stone-600 sm:block">
                    {PAYMENT_WEB_TEXT.paidFixed(formatRupees(row.paid))}
                  </span>
                ) : null}
              </p>
              <Field label={`${label} amount (₹)`} error={amountError}>
                <input
                  className={fixedClass}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  value={row.amount}
                  readOnly={locked}
                  onChange={(e) => change(updateRow(rows, index, { amount: e.target.value }))}
                />
              </Field>
              <Field label={`${label} due date`} error={dateError}>
                <input
                  className={fixedClass}
                  type="date"
                  value={row.dueDate}
                  readOnly={locked}
                  onChange={(e) => change(updateRow(rows, index, { dueDate: e.target.value }))}
                />
              </Field>
              <div className="flex gap-1 sm:pt-6">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => change(splitRow(rows, index))}
                  disabled={locked || !canAddRow(rows)}
                  aria-label={`${PAYMENT_WEB_TEXT.split} instalment ${index + 1}`}
                >
                  <Scissors className="size-4" aria-hidden="true" /> {PAYMENT_WEB_TEXT.split}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => change(removeRow(rows, index))}
                  disabled={locked || rows.length <= 1}
                  aria-label={`${PAYMENT_WEB_TEXT.removeInstalment} instalment ${index + 1}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <p
        id={checkId}
        role="status"
        className={`text-sm font-medium ${left === 0 ? 'text-emerald-800' : 'text-amber-800'}`}
        data-testid="schedule-sum"
      >
        {sumCheckText(rows, totalPaise)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          size="sm"
          onClick={() => change(addRow(rows, totalPaise))}
          disabled={!canAddRow(rows)}
          title={canAddRow(rows) ? undefined : PAYMENT_MESSAGES.tooManyInstalments}
        >
          <Plus className="size-4" aria-hidden="true" /> {PAYMENT_WEB_TEXT.addInstalment}
        </Button>
        <span className="grow" />
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          {PAYMENT_WEB_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : PAYMENT_WEB_TEXT.saveSchedule}
        </Button>
      </div>
      <p className="text-xs text-stone-500">{PAYMENT_WEB_TEXT.scheduleHint(PAYMENT_LIMITS.instalments)}</p>
    </form>
  );
}
