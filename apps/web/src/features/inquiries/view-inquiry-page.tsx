// /inquiries/view/{id}: an inquiry read-only, with its history (a Customer sees its own, status changes only).
import type { ComponentType, ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { Link } from '../../components/ui/link';
import { useHistory } from '../../lib/navigation';
import { ArrowLeft, Pencil } from 'lucide-react';
import {
  INQUIRY_FIELDS,
  INQUIRY_MESSAGES,
  INQUIRY_VIEW_BLOCKS,
  inquiryValueAt,
  isFullInquiry,
  sourceLabel,
  yesNoLabel,
  type Inquiry,
  type InquiryFieldSpec,
  type InquiryView,
  type InquiryViewBlock,
} from '@safarnama/contract/inquiries';
import { formatDateTime, formatShortDate } from '@safarnama/contract/common-rules';
import { isBackOfficeRole } from '@safarnama/contract/auth';
import { gstState } from '@safarnama/contract/payments-rules';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { EmailText } from '../../components/ui/email-text';
import { CustomerWhatsapp } from '../../components/inquiries/customer-whatsapp';
import { CustomerCall } from '../../components/inquiries/customer-call';
import { Money } from '../../components/inquiries/money';
import { StatusBadge } from '../../components/inquiries/status-badge';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { dashboardPathFor, paths } from '../../config/paths';
import { useInquiry } from './api/get-inquiry';
import { QuotationActions } from './components/quotation-actions';
import { TripQuotationCard } from './components/trip-quotation-card';
import { InquiryHistory } from './components/inquiry-history';
import { StaffWorkbench } from './components/staff-workbench';

/** A field: on a phone its label and value share a line (half the scrolling), from `sm` up the label sits above. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-baseline gap-x-3 sm:block">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="font-medium break-words text-stone-900 sm:mt-0.5">{children}</dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">{children}</dl>
    </section>
  );
}

const orNone = (v: string) => (v.trim() ? v : 'Not specified');
const capitalise = (v: string) => v[0]!.toUpperCase() + v.slice(1);

/** A field's value as the page shows it, by its kind (INQUIRY_FIELDS). */
function FieldValue({
  field,
  inquiry,
  isBackOffice,
}: {
  field: InquiryFieldSpec;
  inquiry: InquiryView;
  isBackOffice: boolean;
}) {
  const value = inquiryValueAt(inquiry, field.key);
  switch (field.kind) {
    case 'email':
      return <EmailText address={String(value)} />;
    case 'phone':
      return isBackOffice ? (
        <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <CustomerWhatsapp name={inquiry.customer.name} number={String(value)} destination={inquiry.location} />
          <CustomerCall
            name={inquiry.customer.name}
            number={String(value)}
            className="inline-flex items-center gap-1.5 text-sm font-medium"
          />
        </span>
      ) : (
        String(value)
      );
    case 'count':
    case 'id':
      return String(value);
    case 'money':
      return <Money amount={value as number} signed={field.view?.signed} />;
    case 'hotelType':
      return value ? capitalise(String(value)) : 'Not specified';
    case 'status':
      return <StatusBadge status={String(value)} />;
    case 'person':
      return value === null ? INQUIRY_MESSAGES.unassigned : String(value);
    case 'stamp':
      return formatShortDate(value as string | null);
    case 'date':
      return value ? formatShortDate(String(value)) : 'Not specified';
    case 'instant':
      return value ? formatDateTime(String(value)) : 'Not set';
    case 'source':
      return sourceLabel(value as string | null);
    case 'package': {
      const pkg = value as InquiryView['package'];
      if (!pkg) return 'None';
      return pkg.id ? (
        <Link to={paths.packageDetails(pkg.id)} className="text-brand-800 underline">
          {pkg.title}
        </Link>
      ) : (
        pkg.title
      );
    }
    case 'yesNo':
      return yesNoLabel(value as boolean | null) || 'Not specified';
    case 'gstState':
      return gstState(String(value ?? ''))?.name ?? 'Not specified';
    default:
      return orNone(String(value ?? ''));
  }
}

const VIEWED = INQUIRY_FIELDS.filter(
  (f): f is Extract<(typeof INQUIRY_FIELDS)[number], { view: object }> => 'view' in f,
);

/** The blocks and fields of INQUIRY_FIELDS: a Customer's leave out the agency's, and the money is what they pay. */
function InquiryDetails({ inquiry, isBackOffice }: { inquiry: InquiryView; isBackOffice: boolean }) {
  const full = isBackOffice && isFullInquiry(inquiry);
  const blocks = Object.entries(INQUIRY_VIEW_BLOCKS) as [
    InquiryViewBlock,
    (typeof INQUIRY_VIEW_BLOCKS)[InquiryViewBlock],
  ][];
  return (
    <div className="space-y-5">
      {blocks.map(([block, spec]) => {
        // A customer sees what the trip costs and what is left to pay, once there is a price.
        if (block === 'money' && !full && inquiry.tpc <= 0) return null;
        const fields = VIEWED.filter((f) => f.view.block === block)
          .filter((f) => full || ((f as InquiryFieldSpec).audience !== 'agency' && !('staffOnly' in f.view)))
          .sort((a, b) => a.view.order - b.view.order);
        const title = !full && 'customerTitle' in spec ? spec.customerTitle : spec.title;
        return (
          <Block key={block} title={title}>
            {fields.map((f) => (
              <Item
                key={f.key}
                label={(!full && 'customerLabel' in f.view ? f.view.customerLabel : undefined) ?? f.label}
              >
                <FieldValue field={f} inquiry={inquiry} isBackOffice={isBackOffice} />
              </Item>
            ))}
          </Block>
        );
      })}
    </div>
  );
}

/**
 * The quotation's, the payments' and the bookings' panels for the back office, given by the app (features do not
 * import each other).
 */
type PanelComponent = ComponentType<{ inquiry: Inquiry }>;

export default function ViewInquiryPage({
  quotation: Quotation,
  payments: Payments,
  bookings: Bookings,
}: { quotation?: PanelComponent; payments?: PanelComponent; bookings?: PanelComponent } = {}) {
  useDocumentTitle('Inquiry Details');
  const { id = '' } = useParams();
  const [, navigate] = useLocation();
  const { entry, go } = useHistory();
  const { user } = useSession();
  const inquiry = useInquiry(id);
  const isBackOffice = isBackOfficeRole(user?.role);

  // Back to where the user came from; a page opened directly goes back to the user's dashboard.
  const goBack = () => {
    if (entry.key !== 'default') go(-1);
    else navigate(dashboardPathFor(user?.role));
  };

  const actions = (
    <>
      <Button variant="outline" size="sm" onClick={goBack}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Go Back
      </Button>
      {isBackOffice && inquiry.data ? (
        <ButtonLink to={paths.editInquiry(id)} size="sm">
          <Pencil className="size-4" aria-hidden="true" /> Edit
        </ButtonLink>
      ) : null}
    </>
  );

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title="Inquiry Details" actions={actions} />
      {inquiry.isPending ? (
        <Spinner label="Loading inquiry…" />
      ) : inquiry.isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-red-800">
          <p className="font-semibold">{INQUIRY_MESSAGES.detailsFailed}</p>
          {inquiry.error instanceof ApiError && inquiry.error.message ? (
            <p className="mt-1">{inquiry.error.message}</p>
          ) : null}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
          {/* D30: the customer's way to their trip page (the back office has the quotation on the edit page). */}
          {isBackOffice ? null : (
            <div className="empty:hidden lg:col-span-2">
              <TripQuotationCard inquiryId={id} />
            </div>
          )}
          {isBackOffice || inquiry.data.tpc > 0 ? (
            <div className="lg:col-span-2">
              <QuotationActions
                inquiry={inquiry.data}
                canSend={isBackOffice}
                withBuilder={Quotation !== undefined && isBackOffice}
              />
            </div>
          ) : null}
          {Quotation && isBackOffice && isFullInquiry(inquiry.data) ? (
            <div className="min-w-0 lg:col-span-2">
              <Quotation inquiry={inquiry.data} />
            </div>
          ) : null}
          {Payments && isBackOffice && isFullInquiry(inquiry.data) ? (
            <div className="min-w-0 lg:col-span-2">
              <Payments inquiry={inquiry.data} />
            </div>
          ) : null}
          {Bookings && isBackOffice && isFullInquiry(inquiry.data) ? (
            <div className="min-w-0 lg:col-span-2">
              <Bookings inquiry={inquiry.data} />
            </div>
          ) : null}
          <InquiryDetails inquiry={inquiry.data} isBackOffice={isBackOffice} />
          <aside className="min-w-0 space-y-6">
            {isBackOffice && isFullInquiry(inquiry.data) ? (
              <StaffWorkbench inquiry={inquiry.data} quickActions={false} />
            ) : null}
            <InquiryHistory inquiryId={id} title={isBackOffice ? 'History' : 'Status history'} />
          </aside>
        </div>
      )}
    </section>
  );
}
