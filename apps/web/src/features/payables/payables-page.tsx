// /payables (Owner, D33): what the agency owes its suppliers — per supplier what its confirmed bookings cost, what
// was paid and what is due (most due first), and, with ?supplier={id}, the bookings behind those figures with the
// payments made. Cards rather than a table, so a phone reads every figure without scrolling sideways.
import type { ReactNode } from 'react';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import {
  PAYABLE_TEXT as TEXT,
  SUPPLIER_KIND_LABELS,
  type Payables,
  type SupplierPayables,
} from '@safarnama/contract/suppliers';
import { BOOKING_PANEL_TEXT } from '@safarnama/contract/suppliers-rules';
import { PAYMENT_MODE_LABELS } from '@safarnama/contract/payments-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { Link } from '../../components/ui/link';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useSearchParams } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePayables, useSupplierPayables } from './api/payables';

interface Figures {
  owed: number;
  paid: number;
  due: number;
}

/** Owed, paid and due side by side; a negative due reads as paid ahead. */
function FigureRow({ f }: { f: Figures }) {
  const cell = (label: string, value: ReactNode, strong = false) => (
    <div className="min-w-0">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-bold text-stone-900' : 'text-stone-800'}`}>{value}</dd>
    </div>
  );
  return (
    <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
      {cell(TEXT.owed, formatRupees(f.owed))}
      {cell(TEXT.paid, formatRupees(f.paid))}
      {cell(TEXT.due, f.due < 0 ? TEXT.paidAhead(formatRupees(-f.due)) : formatRupees(f.due), true)}
    </dl>
  );
}

function Loading<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label="Loading…" />;
  if (query.isError || query.data === undefined)
    return (
      <ErrorMessage
        action={
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      >
        {errorMessage(query.error, TEXT.loadFailed)}
      </ErrorMessage>
    );
  return <>{children(query.data)}</>;
}

function SupplierList({ data }: { data: Payables }) {
  if (data.suppliers.length === 0) return <EmptyState>{TEXT.none}</EmptyState>;
  return (
    <>
      <div className="card mb-4 p-4" aria-label="Totals">
        <FigureRow f={data.totals} />
      </div>
      <ul className="space-y-3">
        {data.suppliers.map((s) => (
          <li key={s.supplier._id}>
            <Link
              to={`${paths.payables}?supplier=${encodeURIComponent(s.supplier._id)}`}
              className="card block p-4 hover:ring-2 hover:ring-brand-300"
              aria-label={s.supplier.name}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-stone-900">{s.supplier.name}</p>
                  <p className="text-sm text-stone-600">
                    {[SUPPLIER_KIND_LABELS[s.supplier.kind], s.supplier.city, TEXT.bookingCount(s.bookings)]
                      .filter(Boolean)
                      .join(' · ')}
                    {s.nextTravelDate ? ` · ${TEXT.nextTrip(formatShortDate(s.nextTravelDate))}` : ''}
                  </p>
                </div>
                <ChevronRight className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
              </div>
              <FigureRow f={s} />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function SupplierDetail({ data }: { data: SupplierPayables }) {
  return (
    <>
      <div className="card mb-4 p-4">
        <h2 className="text-lg font-semibold break-words">{data.supplier.name}</h2>
        <p className="text-sm text-stone-600">
          {[SUPPLIER_KIND_LABELS[data.supplier.kind], data.supplier.city].filter(Boolean).join(' · ')}
        </p>
        <FigureRow f={data} />
      </div>
      {data.bookings.length === 0 ? (
        <EmptyState>{TEXT.noBookings}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {data.bookings.map((b) => (
            <li key={b.bookingId} className="card p-4" data-testid="payable-booking">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    to={paths.viewInquiry(b.inquiryId)}
                    className="font-semibold break-words text-brand-800 underline"
                  >
                    {b.customerName}
                  </Link>
                  <p className="text-sm text-stone-600">
                    {[b.location, b.travelDate ? formatShortDate(b.travelDate) : null].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <span className="text-xs font-semibold text-stone-700">
                  {BOOKING_PANEL_TEXT.status[b.status]}
                  {b.confirmationNumber ? ` · ${b.confirmationNumber}` : ''}
                </span>
              </div>
              <p className="mt-1 text-sm text-stone-700">
                {TEXT.cost}: <span className="tabular-nums">{formatRupees(b.cost)}</span>
                {b.cost !== b.linesCost ? ` (${TEXT.costFromLines(formatRupees(b.linesCost))})` : ''}
              </p>
              <FigureRow f={b} />
              {b.payments.length > 0 ? (
                <ul className="mt-2 space-y-0.5 text-xs text-stone-700">
                  {b.payments.map((p) => (
                    <li key={p._id} className={p.reversed ? 'line-through' : ''}>
                      {p.kind === 'reversal'
                        ? `−${formatRupees(p.amount)} · ${TEXT.reversedBecause(p.reason ?? '')}`
                        : `${formatRupees(p.amount)} · ${[p.mode ? PAYMENT_MODE_LABELS[p.mode] : null, p.reference].filter(Boolean).join(' · ')}`}
                      {` · ${formatShortDate(p.paidAt)}`}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OneSupplier({ id }: { id: string }) {
  const query = useSupplierPayables(id);
  return <Loading query={query}>{(data) => <SupplierDetail data={data} />}</Loading>;
}

function AllSuppliers() {
  const query = usePayables();
  return <Loading query={query}>{(data) => <SupplierList data={data} />}</Loading>;
}

export default function PayablesPage() {
  useDocumentTitle(TEXT.title);
  const [params] = useSearchParams();
  const supplierId = params.get('supplier');
  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title={TEXT.title}
        description={TEXT.description}
        actions={
          supplierId ? (
            <Link to={paths.payables} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800">
              <ArrowLeft className="size-4" aria-hidden="true" /> {TEXT.back}
            </Link>
          ) : null
        }
      />
      {supplierId ? <OneSupplier id={supplierId} /> : <AllSuppliers />}
    </section>
  );
}
