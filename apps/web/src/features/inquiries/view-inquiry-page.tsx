// /inquiries/view/{id}: an inquiry read-only, with its history (a Customer sees its own, status changes only).
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { Link } from '../../components/ui/link';
import { useHistory } from '../../lib/navigation';
import { ArrowLeft, Pencil } from 'lucide-react';
import type { InquiryView } from '@safarnama/contract/inquiries';
import { INQUIRY_MESSAGES, isFullInquiry } from '@safarnama/contract/inquiry-rules';
import { formatDateTime, formatShortDate } from '@safarnama/contract/format';
import { sourceLabel } from '@safarnama/contract/inquiry-workflow-rules';
import { isBackOfficeRole } from '@safarnama/contract/roles';
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

function InquiryDetails({ inquiry, isBackOffice }: { inquiry: InquiryView; isBackOffice: boolean }) {
  return (
    <div className="space-y-5">
      <Block title="Customer">
        <Item label="Name">{inquiry.customer.name}</Item>
        <Item label="Email">
          <EmailText address={inquiry.customer.email} />
        </Item>
        <Item label="WhatsApp number">
          {isBackOffice ? (
            <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <CustomerWhatsapp
                name={inquiry.customer.name}
                number={inquiry.customer.whatsappNumber}
                destination={inquiry.location}
              />
              <CustomerCall
                name={inquiry.customer.name}
                number={inquiry.customer.whatsappNumber}
                className="inline-flex items-center gap-1.5 text-sm font-medium"
              />
            </span>
          ) : (
            inquiry.customer.whatsappNumber
          )}
        </Item>
      </Block>
      <Block title="Trip details">
        <Item label="Traveling from">{orNone(inquiry.travelingFrom)}</Item>
        <Item label="Destination">{inquiry.location}</Item>
        <Item label="Drop city">{orNone(inquiry.dropCity)}</Item>
        <Item label="Adults">{inquiry.noOfAdults}</Item>
        <Item label="Kids">{inquiry.noOfKids}</Item>
        <Item label="Tour duration">{orNone(inquiry.tourDuration)}</Item>
        <Item label="Hotel type">{inquiry.hotelType ? capitalise(inquiry.hotelType) : 'Not specified'}</Item>
        <Item label="Budget">
          <Money amount={inquiry.budget} />
        </Item>
        <Item label="Travel date">{inquiry.travelDate ? formatShortDate(inquiry.travelDate) : 'Not specified'}</Item>
        <Item label="Package">
          {inquiry.package ? (
            inquiry.package.id ? (
              <Link to={paths.packageDetails(inquiry.package.id)} className="text-brand-800 underline">
                {inquiry.package.title}
              </Link>
            ) : (
              inquiry.package.title
            )
          ) : (
            'None'
          )}
        </Item>
        <Item label="Extra information">{orNone(inquiry.extraInfo)}</Item>
      </Block>
      <Block title="Status">
        <Item label="Status">
          <StatusBadge status={inquiry.status} />
        </Item>
        <Item label="Handled by">{inquiry.staff?.name ?? INQUIRY_MESSAGES.unassigned}</Item>
        <Item label="Created">{formatShortDate(inquiry.createdAt)}</Item>
        <Item label="Updated">{formatShortDate(inquiry.updatedAt)}</Item>
        {isBackOffice && isFullInquiry(inquiry) ? (
          <>
            <Item label="Source">{sourceLabel(inquiry.source)}</Item>
            <Item label="Follow up at">{inquiry.followUpAt ? formatDateTime(inquiry.followUpAt) : 'Not set'}</Item>
          </>
        ) : null}
      </Block>
      {isBackOffice && isFullInquiry(inquiry) ? (
        <Block title="Financial details">
          <Item label="Total package cost">
            <Money amount={inquiry.tpc} />
          </Item>
          <Item label="Advance received">
            <Money amount={inquiry.advance} />
          </Item>
          <Item label="Pending amount">
            <Money amount={inquiry.pendingAmount} />
          </Item>
          <Item label="Total revenue">
            <Money amount={inquiry.totalRevenue} />
          </Item>
          <Item label="Hotel cost">
            <Money amount={inquiry.hotelCost} />
          </Item>
          <Item label="Cab cost">
            <Money amount={inquiry.cabCost} />
          </Item>
          <Item label="Profit">
            <Money amount={inquiry.profit} signed />
          </Item>
        </Block>
      ) : inquiry.tpc > 0 ? (
        // A customer sees what the trip costs and what is left to pay, not the agency's margins.
        <Block title="Payment">
          <Item label="Total package cost">
            <Money amount={inquiry.tpc} />
          </Item>
          <Item label="Advance paid">
            <Money amount={inquiry.advance} />
          </Item>
          <Item label="Pending amount">
            <Money amount={inquiry.pendingAmount} />
          </Item>
        </Block>
      ) : null}
    </div>
  );
}

export default function ViewInquiryPage() {
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
          {isBackOffice || inquiry.data.tpc > 0 ? (
            <div className="lg:col-span-2">
              <QuotationActions inquiry={inquiry.data} canSend={isBackOffice} />
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
