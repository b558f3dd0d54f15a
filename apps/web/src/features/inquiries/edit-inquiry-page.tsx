// /inquiries/edit/{inquiryId}: the back office edits an inquiry — handler, status, trip and money.
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useLocation, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { INQUIRY_MESSAGES, isFullInquiry, type Inquiry } from '@safarnama/contract/inquiries';
import type { InquiryHandler } from '@safarnama/contract/staff';
import { ButtonLink } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/inquiries/status-badge';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useInquiry } from './api/get-inquiry';
import { useHandlers } from './api/get-handlers';
import { useHasPayments } from './api/get-has-payments';
import { useUpdateInquiry } from './api/update-inquiry';
import {
  InquiryEditForm,
  formFieldOf,
  toUpdateBody,
  type EditInquiryValues,
  type HandlerOption,
} from './components/inquiry-edit-form';
import { InquiryHistory } from './components/inquiry-history';
import { StaffWorkbench } from './components/staff-workbench';
import { QuotationActions } from './components/quotation-actions';

/**
 * Who can handle the inquiry, as the server lists them (the Owner first, then the active Staff by name), and
 * the current handler last when no longer listed (a removed staff member), so the form still shows them.
 */
export function handlerOptions(handlers: InquiryHandler[], current: Inquiry['staff']): HandlerOption[] {
  const options: HandlerOption[] = handlers.map((h) => ({
    id: h._id,
    label: h.role === 'Owner' ? `${h.name} (Owner)` : h.name,
  }));
  if (current && !options.some((o) => o.id === current.id)) options.push({ id: current.id, label: current.name });
  return options;
}

/** The quotation's and the payments' panels, given by the app (features do not import each other). */
type PanelComponent = ComponentType<{ inquiry: Inquiry }>;

export default function EditInquiryPage({
  quotation: Quotation,
  payments: Payments,
}: { quotation?: PanelComponent; payments?: PanelComponent } = {}) {
  useDocumentTitle('Edit Inquiry');
  const { inquiryId = '' } = useParams();
  const [, navigate] = useLocation();
  const inquiry = useInquiry(inquiryId);
  // The back office always gets the whole inquiry; the guard only narrows the type.
  const data = inquiry.data && isFullInquiry(inquiry.data) ? inquiry.data : undefined;
  const staff = useHandlers();
  const update = useUpdateInquiry();
  const advanceFromPayments = useHasPayments(inquiryId);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof EditInquiryValues, string>>>({});

  const failed = inquiry.isError || staff.isError;
  useEffect(() => {
    if (!failed) return;
    const err = inquiry.error ?? staff.error;
    // An id that does not exist (or is not an id) and any other failure get the spec's two messages.
    const badId = inquiry.isError && err instanceof ApiError && (err.status === 404 || err.status === 400);
    notify.error(badId ? INQUIRY_MESSAGES.invalidId : INQUIRY_MESSAGES.fetchEditFailed, { toastId: 'inquiry-edit' });
    navigate(paths.allInquiries, { replace: true });
  }, [failed, inquiry.isError, inquiry.error, staff.error, navigate]);

  const handlers = useMemo(
    () => (data && staff.data ? handlerOptions(staff.data, data.staff) : []),
    [data, staff.data],
  );

  const handleSubmit = async (values: EditInquiryValues) => {
    if (!data) return false;
    setServerErrors({});
    try {
      await update.mutateAsync({ id: inquiryId, body: toUpdateBody(values, data, { advanceFromPayments }) });
    } catch (err) {
      const fieldErrors: Partial<Record<keyof EditInquiryValues, string>> = {};
      if (err instanceof ApiError && err.errors) {
        for (const [key, message] of Object.entries(err.errors)) {
          const field = formFieldOf(key);
          if (field) fieldErrors[field] ??= message;
        }
      }
      setServerErrors(fieldErrors);
      notify.error(INQUIRY_MESSAGES.updateFailed);
      return false;
    }
    notify.success(INQUIRY_MESSAGES.updated);
    navigate(paths.allInquiries);
    return true;
  };

  const back = (
    <ButtonLink to={paths.allInquiries} variant="ghost" size="sm">
      <ArrowLeft className="size-4" aria-hidden="true" /> Back
    </ButtonLink>
  );

  if (failed || !data || !staff.data) {
    return (
      <section className="container-page py-8 sm:py-10">
        <PageHeader title="Edit Inquiry" actions={back} />
        <Spinner label="Loading inquiry…" />
      </section>
    );
  }

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title="Edit Inquiry"
        description={
          <span className="flex flex-wrap items-center gap-2">
            {data.customer.name} · {data.location} <StatusBadge status={data.status} />
          </span>
        }
        actions={back}
      />
      <div className="mb-6 space-y-4">
        <QuotationActions inquiry={data} canSend withBuilder={Quotation !== undefined} />
        {Quotation ? <Quotation inquiry={data} /> : null}
        {Payments ? <Payments inquiry={data} /> : null}
      </div>
      {/* On a phone the day's actions (mark contacted, log a call, a note) come first, not after a form four
          screens tall; from lg up they sit beside the form, the history under them. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <StaffWorkbench inquiry={data} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <InquiryEditForm
            // A fresh form when another inquiry loads or the saved one comes back.
            key={`${data._id}:${data.updatedAt ?? ''}`}
            inquiry={data}
            handlers={handlers}
            isSaving={update.isPending}
            serverErrors={serverErrors}
            onSubmit={handleSubmit}
            advanceFromPayments={advanceFromPayments}
          />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-start-2">
          <InquiryHistory inquiryId={inquiryId} />
        </div>
      </div>
    </section>
  );
}
