// /reports (Owner, D27): a period's inquiries, conversions and money as cards, a chart of the months with its
// figures as a table, tables by staff, destination and source, and the status funnel. Lazy-loaded with its chart
// library, so no public page carries it.
import { useState, type ReactNode } from 'react';
import {
  REPORT_MAX_YEARS,
  REPORT_MESSAGES,
  addYears,
  isCalendarDate,
  type ReportSummary,
} from '@safarnama/contract/reports';
import { formatRupees } from '@safarnama/contract/common-rules';
import type { PaymentReport } from '@safarnama/contract/payments';
import { PAYMENT_MODE_LABELS, PAYMENT_WEB_TEXT } from '@safarnama/contract/payments-rules';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePaymentReport } from './api/get-payment-report';
import { useReportSummary } from './api/get-report-summary';
import { MonthChart } from './components/month-chart';
import { PERIOD_PRESETS, kolkataToday, monthLabel, presetPeriod, type Period, type PresetId } from './period';

const count = (n: number) => new Intl.NumberFormat('en-IN').format(n);
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
// Names wrap and figures never do, so a phone shows every column unless the figures alone are wider (then the
// table scrolls sideways).
const CELL = 'px-1 py-2 first:pl-0 last:pr-0 sm:px-4';
const NUM = `${CELL} text-right tabular-nums whitespace-nowrap`;

/** The custom period's problem, if any, in the contract's words (the server checks the same). */
function customProblem(p: Period): string | undefined {
  if (!isCalendarDate(p.from) || !isCalendarDate(p.to)) return REPORT_MESSAGES.dateInvalid;
  if (p.from > p.to) return REPORT_MESSAGES.fromAfterTo;
  if (p.to >= addYears(p.from, REPORT_MAX_YEARS)) return REPORT_MESSAGES.periodTooLong;
  return undefined;
}

interface Column<T> {
  label: string;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

function Table<T>({ caption, columns, rows }: { caption: string; columns: Column<T>[]; rows: T[] }) {
  return (
    <div className="scroll-cue overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 text-left text-stone-600">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? `${NUM} font-medium` : `${CELL} font-medium`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c.label} scope="row" className={`${CELL} text-left font-medium`}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.label} className={c.numeric ? NUM : CELL}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ totals }: { totals: ReportSummary['totals'] }) {
  const cards: [string, string][] = [
    ['Inquiries received', count(totals.received)],
    ['Converted', count(totals.converted)],
    ['Conversion rate', percent(totals.conversionRate)],
    ['Total package cost', formatRupees(totals.totalPackageCost)],
    ['Advance received', formatRupees(totals.advanceReceived)],
    ['Pending amount', formatRupees(totals.pendingAmount)],
    ['Revenue', formatRupees(totals.revenue)],
    ['Profit', formatRupees(totals.profit)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(([label, value]) => (
        <div key={label} className="card min-w-0 p-4">
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="mt-1 font-display text-xl font-bold break-words text-stone-900 sm:text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Funnel({ statuses }: { statuses: ReportSummary['byStatus'] }) {
  const max = Math.max(1, ...statuses.map((s) => s.count));
  return (
    <ul className="space-y-2" aria-label="Inquiries in each status">
      {statuses.map((s) => (
        <li
          key={s.status}
          className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[10rem_1fr_4rem]"
        >
          <span className="truncate">{s.status}</span>
          <span className="h-3 rounded-full bg-stone-100" aria-hidden="true">
            <span className="block h-3 rounded-full bg-brand-600" style={{ width: `${(s.count / max) * 100}%` }} />
          </span>
          <span className="text-right tabular-nums">{count(s.count)}</span>
        </li>
      ))}
    </ul>
  );
}

const destinationColumns: Column<ReportSummary['topDestinations']['byInquiries'][number]>[] = [
  { label: 'Destination', cell: (d) => d.destination },
  { label: 'Inquiries', numeric: true, cell: (d) => count(d.inquiries) },
  { label: 'Converted', numeric: true, cell: (d) => count(d.converted) },
  { label: 'Revenue', numeric: true, cell: (d) => formatRupees(d.revenue) },
];

function Report({ data }: { data: ReportSummary }) {
  return (
    <div className="space-y-6">
      <Cards totals={data.totals} />
      <Section look="card" title="Inquiries by month">
        <MonthChart months={data.byMonth} />
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-800">The figures as a table</summary>
          <Table
            caption="Inquiries, conversions, revenue and profit by month"
            rows={data.byMonth}
            columns={[
              { label: 'Month', cell: (m) => monthLabel(m.month) },
              { label: 'Received', numeric: true, cell: (m) => count(m.received) },
              { label: 'Converted', numeric: true, cell: (m) => count(m.converted) },
              { label: 'Revenue', numeric: true, cell: (m) => formatRupees(m.revenue) },
              { label: 'Profit', numeric: true, cell: (m) => formatRupees(m.profit) },
            ]}
          />
        </details>
      </Section>
      <Section look="card" title="By staff member">
        <Table
          caption="Inquiries handled, conversions, revenue and profit by staff member"
          rows={data.byStaff}
          columns={[
            { label: 'Staff', cell: (s) => s.name },
            { label: 'Handled', numeric: true, cell: (s) => count(s.handled) },
            { label: 'Converted', numeric: true, cell: (s) => count(s.converted) },
            { label: 'Revenue', numeric: true, cell: (s) => formatRupees(s.revenue) },
            { label: 'Profit', numeric: true, cell: (s) => formatRupees(s.profit) },
          ]}
        />
      </Section>
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <Section look="card" title="Top destinations by inquiries">
          <Table
            caption="Top 10 destinations by inquiries"
            rows={data.topDestinations.byInquiries}
            columns={destinationColumns}
          />
        </Section>
        <Section look="card" title="Top destinations by revenue">
          <Table
            caption="Top 10 destinations by revenue"
            rows={data.topDestinations.byRevenue}
            columns={destinationColumns}
          />
        </Section>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <Section look="card" title="By source">
          <Table
            caption="Inquiries by source"
            rows={data.bySource}
            columns={[
              { label: 'Source', cell: (s) => s.label },
              { label: 'Received', numeric: true, cell: (s) => count(s.received) },
              { label: 'Converted', numeric: true, cell: (s) => count(s.converted) },
              { label: 'Revenue', numeric: true, cell: (s) => formatRupees(s.revenue) },
            ]}
          />
        </Section>
        <Section look="card" title="Status funnel">
          <Funnel statuses={data.byStatus} />
        </Section>
      </div>
    </div>
  );
}

/** D31: the money the ledger received in the period, by month and by mode, and what is outstanding today. */
function MoneyIn({ report }: { report: PaymentReport }) {
  const cards: [string, string, string?][] = [
    [PAYMENT_WEB_TEXT.receivedInPeriod, formatRupees(report.received)],
    [
      PAYMENT_WEB_TEXT.outstandingToday,
      formatRupees(report.outstanding),
      report.outstandingInquiries > 0 ? PAYMENT_WEB_TEXT.outstandingInquiries(report.outstandingInquiries) : undefined,
    ],
  ];
  return (
    <Section look="card" title={PAYMENT_WEB_TEXT.moneyInTitle}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
        {cards.map(([label, value, note]) => (
          <div key={label} className="min-w-0 rounded-xl bg-sand-100 p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 font-display text-xl font-bold break-words text-stone-900 sm:text-2xl">{value}</dd>
            {note ? <dd className="text-sm text-stone-600">{note}</dd> : null}
          </div>
        ))}
      </dl>
      {report.byMonth.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{PAYMENT_WEB_TEXT.noMoneyIn}</p>
      ) : (
        <div className="mt-5 grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
          <div className="min-w-0">
            <h3 className="mb-2 font-semibold text-stone-900">{PAYMENT_WEB_TEXT.receivedByMonth}</h3>
            <Table
              caption={PAYMENT_WEB_TEXT.receivedByMonth}
              rows={report.byMonth}
              columns={[
                { label: 'Month', cell: (m) => monthLabel(m.month) },
                { label: 'Payments', numeric: true, cell: (m) => count(m.count) },
                { label: 'Received', numeric: true, cell: (m) => formatRupees(m.amount) },
              ]}
            />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 font-semibold text-stone-900">{PAYMENT_WEB_TEXT.receivedByMode}</h3>
            <Table
              caption={PAYMENT_WEB_TEXT.receivedByMode}
              rows={report.byMode}
              columns={[
                { label: 'Mode', cell: (m) => PAYMENT_MODE_LABELS[m.mode] },
                { label: 'Payments', numeric: true, cell: (m) => count(m.count) },
                { label: 'Received', numeric: true, cell: (m) => formatRupees(m.amount) },
              ]}
            />
          </div>
        </div>
      )}
    </Section>
  );
}

function MoneyInSection({ period }: { period: Period }) {
  const report = usePaymentReport(period);
  if (report.isPending) return <Spinner label="Loading the money received…" />;
  if (report.isError) {
    return (
      <ErrorMessage
        action={
          <Button size="sm" variant="outline" onClick={() => void report.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(report.error, PAYMENT_WEB_TEXT.paymentReportFailed)}
      </ErrorMessage>
    );
  }
  return (
    <div aria-busy={report.isFetching}>
      <MoneyIn report={report.data} />
    </div>
  );
}

export default function ReportsPage() {
  useDocumentTitle('Reports');
  const [preset, setPreset] = useState<PresetId>('this-fy');
  const [custom, setCustom] = useState<Period>(() => presetPeriod('this-month', kolkataToday()));
  const problem = preset === 'custom' ? customProblem(custom) : undefined;
  const period = preset === 'custom' ? (problem ? undefined : custom) : presetPeriod(preset, kolkataToday());
  const summary = useReportSummary(period);

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title="Reports" description="Leads, conversions and money for a period (dates in India time)." />

      <fieldset className="mb-6">
        <legend className="mb-2 text-sm font-medium text-stone-700">Period</legend>
        <div className="flex flex-wrap gap-2">
          {PERIOD_PRESETS.map((p) => (
            <Button
              key={p.id}
              size="sm"
              variant={preset === p.id ? 'primary' : 'outline'}
              aria-pressed={preset === p.id}
              onClick={() => setPreset(p.id)}
            >
              {p.label}
            </Button>
          ))}
        </div>
        {preset === 'custom' ? (
          <div className="mt-3 grid max-w-md grid-cols-2 gap-3">
            <Field label="From" error={problem}>
              <input
                type="date"
                className={inputClass}
                value={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
            </Field>
            <Field label="To">
              <input
                type="date"
                className={inputClass}
                value={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
            </Field>
          </div>
        ) : period ? (
          <p className="mt-2 text-sm text-stone-600">
            {period.from} to {period.to}
          </p>
        ) : null}
      </fieldset>

      {!period ? null : summary.isPending ? (
        <Spinner label="Loading the report…" />
      ) : summary.isError ? (
        <ErrorMessage
          action={
            <Button size="sm" variant="outline" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(summary.error, REPORT_MESSAGES.fetchFailed)}
        </ErrorMessage>
      ) : summary.data.totals.received === 0 ? (
        <EmptyState>{REPORT_MESSAGES.empty}</EmptyState>
      ) : (
        <div aria-busy={summary.isFetching}>
          <Report data={summary.data} />
        </div>
      )}
      {/* Money can come in during a period without new inquiries: shown whatever the summary holds. */}
      {period ? (
        <div className="mt-6">
          <MoneyInSection period={period} />
        </div>
      ) : null}
    </section>
  );
}
