// D31 on the inquiry's page, for Staff and the Owner: what is paid and pending, the schedule with each instalment's
// status and its editor, the ledger (verify claims, record and reverse payments, receipts). Loaded on its own (a
// lazy chunk, app/payments-slot.tsx) only for the back office.
import { useId, useState } from 'react';
import { CalendarRange, Plus } from 'lucide-react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import type { InquiryPayments } from '@safarnama/contract/payments';
import { PAYMENT_MESSAGES, PAYMENT_TEXT, PAYMENT_WEB_TEXT } from '@safarnama/contract/payments-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { InstalmentStatusBadge } from '../../components/payments/instalment-status-badge';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useInquiryPayments } from './api/get-inquiry-payments';
import { Ledger } from './components/ledger';
import { RecordPaymentForm } from './components/record-payment-form';
import { ScheduleEditor } from './components/schedule-editor';

function Totals({ payments }: { payments: InquiryPayments }) {
  const items: [string, number, string][] = [
    [PAYMENT_WEB_TEXT.totalAmount, payments.total, 'text-stone-900'],
    [PAYMENT_WEB_TEXT.totalPaid, payments.paid, 'text-emerald-800'],
    [PAYMENT_WEB_TEXT.totalPending, payments.pending, payments.pending > 0 ? 'text-amber-800' : 'text-stone-900'],
  ];
  // Three figures side by side even on a phone, each its label over its amount (a list: the inquiry's own fields
  // are the page's description lists, laid out label beside value on a phone).
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-3" aria-label={PAYMENT_WEB_TEXT.totalsLabel}>
      {items.map(([label, amount, tone]) => (
        <li key={label} className="min-w-0 rounded-xl bg-sand-100 px-3 py-2.5 sm:px-4">
          <span className="block text-xs text-stone-600 sm:text-sm">{label}</span>
          <span
            className={`block text-base font-semibold tabular-nums sm:text-lg ${tone}`}
            data-testid={`payments-${label}`}
          >
            {formatRupees(amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** On a phone, each instalment as two lines: a table of six columns would scroll its amounts out of sight. */
function ScheduleList({ payments }: { payments: InquiryPayments }) {
  return (
    <ol className="divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200 sm:hidden">
      {payments.instalments.map((i) => (
        <li key={i._id} className="px-3 py-2.5">
          <div className="flex items-center justify-between gap-3">
            <span className="font-semibold text-stone-900 tabular-nums">
              {i.number}. {formatRupees(i.amount)}
            </span>
            <InstalmentStatusBadge status={i.status} />
          </div>
          <p className="text-sm text-stone-600">
            {PAYMENT_TEXT.dueOn(formatShortDate(i.dueDate))}
            {i.paid > 0 && i.paid < i.amount ? ` · ${formatRupees(i.paid)} paid` : ''}
          </p>
          <p className="font-mono text-xs [overflow-wrap:anywhere] text-stone-500">{i.reference}</p>
        </li>
      ))}
    </ol>
  );
}

function Schedule({ payments }: { payments: InquiryPayments }) {
  const cell = 'px-3 py-2.5 align-top';
  return (
    <div className="hidden overflow-x-auto rounded-xl ring-1 ring-stone-200 sm:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{PAYMENT_WEB_TEXT.schedule}</caption>
        <thead className="bg-sand-50 text-xs text-stone-600 uppercase">
          <tr>
            <th scope="col" className={cell}>
              #
            </th>
            <th scope="col" className={cell}>
              {PAYMENT_WEB_TEXT.reference}
            </th>
            <th scope="col" className={cell}>
              Due
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Amount
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Paid
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {payments.instalments.map((i) => (
            <tr key={i._id} data-testid="schedule-instalment">
              <td className={cell}>{i.number}</td>
              <td className={`${cell} font-mono text-xs [overflow-wrap:anywhere]`}>{i.reference}</td>
              <td className={`${cell} whitespace-nowrap`}>{formatShortDate(i.dueDate)}</td>
              <td className={`${cell} text-right font-medium tabular-nums`}>{formatRupees(i.amount)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatRupees(i.paid)}</td>
              <td className={cell}>
                <InstalmentStatusBadge status={i.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PanelBody({ inquiry, payments }: { inquiry: Inquiry; payments: InquiryPayments }) {
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState(false);
  const claims = (payments.payments ?? []).filter((p) => p.state === 'claimed').length;
  return (
    <div className="space-y-6">
      {/* Without a schedule or a payment the inquiry's typed advance stands; the ledger's zero would contradict it. */}
      {payments.instalments.length === 0 && (payments.payments ?? []).length === 0 ? null : (
        <Totals payments={payments} />
      )}
      <div>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-stone-900">{PAYMENT_WEB_TEXT.schedule}</h3>
          {/* An inquiry priced by hand has no schedule until staff make one (docs/payments.md). */}
          {editing || payments.total <= 0 ? null : (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <CalendarRange className="size-4" aria-hidden="true" />{' '}
              {payments.instalments.length === 0 ? PAYMENT_WEB_TEXT.makeSchedule : PAYMENT_WEB_TEXT.editSchedule}
            </Button>
          )}
        </div>
        {editing ? (
          <ScheduleEditor inquiryId={inquiry._id} payments={payments} onDone={() => setEditing(false)} />
        ) : payments.instalments.length === 0 ? (
          <p className="text-sm text-stone-600">{PAYMENT_MESSAGES.noSchedule}</p>
        ) : (
          <>
            <ScheduleList payments={payments} />
            <Schedule payments={payments} />
          </>
        )}
      </div>
      <div>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-stone-900">
            {PAYMENT_WEB_TEXT.ledger}
            {claims > 0 ? (
              <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                {claims} to verify
              </span>
            ) : null}
          </h3>
          {recording ? null : (
            <Button variant="outline" size="sm" onClick={() => setRecording(true)}>
              <Plus className="size-4" aria-hidden="true" /> {PAYMENT_WEB_TEXT.record}
            </Button>
          )}
        </div>
        {recording ? (
          <div className="mb-4">
            <RecordPaymentForm
              inquiryId={inquiry._id}
              instalments={payments.instalments}
              onDone={() => setRecording(false)}
            />
          </div>
        ) : null}
        <Ledger inquiryId={inquiry._id} payments={payments.payments ?? []} instalments={payments.instalments} />
      </div>
    </div>
  );
}

export default function PaymentsPanel({ inquiry }: { inquiry: Inquiry }) {
  const titleId = useId();
  const payments = useInquiryPayments(inquiry._id);
  // Before an acceptance there is no schedule: the server says so, and the panel says it quietly.
  const noSchedule =
    payments.isError && payments.error instanceof ApiError && [404, 409].includes(payments.error.status);
  return (
    <section aria-labelledby={titleId} id="payments" className="card min-w-0 p-4 sm:p-6">
      <h2 id={titleId} className="mb-4 text-lg font-semibold">
        {PAYMENT_TEXT.scheduleTitle}
      </h2>
      {payments.isPending ? (
        <Spinner label="Loading payments…" />
      ) : noSchedule ? (
        <p className="text-sm text-stone-600">{errorMessage(payments.error, PAYMENT_MESSAGES.noSchedule)}</p>
      ) : payments.isError ? (
        <ErrorMessage
          action={
            <Button variant="outline" size="sm" onClick={() => void payments.refetch()}>
              Try Again
            </Button>
          }
        >
          {errorMessage(payments.error, PAYMENT_WEB_TEXT.loadFailed)}
        </ErrorMessage>
      ) : (
        <PanelBody inquiry={inquiry} payments={payments.data} />
      )}
    </section>
  );
}
