// The staff edit form of an inquiry (spec §2): customer, handler, trip, status and money sections.
// No client-side rules (spec §5); the server's field errors are shown beside the fields.
import { MessageCircle } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import {
  EMPTY_TABLE_ANSWER,
  INQUIRY_EDIT_SECTIONS,
  INQUIRY_MESSAGES,
  INQUIRY_SOURCES,
  INQUIRY_STATUSES,
  SOURCE_LABELS,
  WORKFLOW_MESSAGES,
  canonicalStatus,
  type Inquiry,
  type UpdateInquiryBody,
} from '@safarnama/contract/inquiries';
import { HOTEL_TYPES } from '@safarnama/contract/inquiries-rules';
import { fromKolkataLocal, toKolkataLocal } from '@safarnama/contract/payments-rules';
import { Link } from '../../../components/ui/link';
import { CustomerWhatsapp } from '../../../components/inquiries/customer-whatsapp';
import { CustomerCall } from '../../../components/inquiries/customer-call';
import { customerActionClass } from '../../../components/inquiries/customer-link';
import { Field, inputClass } from '../../../components/ui/field';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DraftNotice } from '../../../components/ui/draft-notice';
import { useDraftForm } from '../../../lib/form-draft';
import { paths } from '../../../config/paths';
import { FinancialSection, type FinancialValues } from './financial-section';
import { Section } from '../../../components/ui/section';
import { TableFields, toTableBody, toTableFormValues, type TableFormValues } from './inquiry-table-fields';

export interface HandlerOption {
  id: string;
  label: string;
}

export interface EditInquiryValues extends FinancialValues, TableFormValues {
  customerName: string;
  customerEmail: string;
  whatsappNumber: string;
  staffId: string;
  travelingFrom: string;
  location: string;
  dropCity: string;
  noOfAdults: string;
  noOfKids: string;
  tourDuration: string;
  hotelType: string;
  budget: string;
  extraInfo: string;
  status: string;
  /** D26: YYYY-MM-DD or ''. */
  travelDate: string;
  /** D26: a source, or '' when not recorded. */
  source: string;
  /** D26: Kolkata wall-clock 'YYYY-MM-DDTHH:mm' (a datetime-local input), or ''. */
  followUpAt: string;
}

const text = (n: number) => String(n);

export function toFormValues(inquiry: Inquiry): EditInquiryValues {
  return {
    ...toTableFormValues(inquiry),
    customerName: inquiry.customer.name,
    customerEmail: inquiry.customer.email,
    whatsappNumber: inquiry.customer.whatsappNumber,
    staffId: inquiry.staff?.id ?? '',
    travelingFrom: inquiry.travelingFrom,
    location: inquiry.location,
    dropCity: inquiry.dropCity,
    noOfAdults: text(inquiry.noOfAdults),
    noOfKids: text(inquiry.noOfKids),
    tourDuration: inquiry.tourDuration,
    hotelType: inquiry.hotelType ?? '',
    budget: text(inquiry.budget),
    extraInfo: inquiry.extraInfo,
    status: canonicalStatus(inquiry.status) ?? inquiry.status,
    travelDate: inquiry.travelDate ?? '',
    source: inquiry.source ?? '',
    followUpAt: inquiry.followUpAt ? toKolkataLocal(inquiry.followUpAt) : '',
    totalRevenue: text(inquiry.totalRevenue),
    hotelCost: text(inquiry.hotelCost),
    cabCost: text(inquiry.cabCost),
    advance: text(inquiry.advance),
    tpc: text(inquiry.tpc),
  };
}

/** Blank numbers are left out (the server keeps what it has); blank money means 0. */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
const money = (v: string) => (v.trim() === '' ? 0 : Number(v));

/**
 * The PUT body. With `advanceFromPayments` (D31: the inquiry has payments) the advance is left out: the ledger makes
 * it, and a kept draft's typed figure would be refused.
 */
export function toUpdateBody(
  values: EditInquiryValues,
  original: Inquiry,
  { advanceFromPayments = false } = {},
): UpdateInquiryBody {
  const body: UpdateInquiryBody = {
    ...toTableBody(values),
    customer: { name: values.customerName, email: values.customerEmail, whatsappNumber: values.whatsappNumber },
    travelingFrom: values.travelingFrom,
    location: values.location,
    dropCity: values.dropCity,
    noOfAdults: num(values.noOfAdults),
    noOfKids: num(values.noOfKids),
    extraInfo: values.extraInfo,
    tourDuration: values.tourDuration,
    hotelType: values.hotelType === '' ? null : (values.hotelType as UpdateInquiryBody['hotelType']),
    budget: num(values.budget),
    status: values.status,
    totalRevenue: money(values.totalRevenue),
    hotelCost: money(values.hotelCost),
    cabCost: money(values.cabCost),
    advance: advanceFromPayments ? undefined : money(values.advance),
    tpc: money(values.tpc),
  };
  // D26: a travel date and follow-up are sent as they stand ('' clears them); a source only once recorded.
  body.travelDate = values.travelDate || null;
  if (values.source) body.source = values.source as UpdateInquiryBody['source'];
  const followUp = values.followUpAt ? new Date(fromKolkataLocal(values.followUpAt)).toISOString() : null;
  if (followUp !== original.followUpAt) body.followUpAt = followUp;
  // The handler is sent only when it changes, so an inquiry whose handler has since left (D9) still saves.
  if (values.staffId !== (original.staff?.id ?? '')) body.staff = values.staffId ? { id: values.staffId } : null;
  return body;
}

/** Server error keys (D14) → form fields. */
const SERVER_FIELDS: Record<string, keyof EditInquiryValues> = {
  'customer.name': 'customerName',
  'customer.email': 'customerEmail',
  'customer.whatsappNumber': 'whatsappNumber',
  staff: 'staffId',
  'staff.id': 'staffId',
};
const EMPTY: Inquiry = {
  ...EMPTY_TABLE_ANSWER,
  _id: '',
  customer: { name: '', email: '', whatsappNumber: '' },
  staff: null,
  travelingFrom: '',
  location: '',
  dropCity: '',
  noOfAdults: 0,
  noOfKids: 0,
  extraInfo: '',
  tourDuration: '',
  hotelType: null,
  budget: 0,
  status: 'New',
  createdAt: null,
  updatedAt: null,
  totalRevenue: 0,
  hotelCost: 0,
  cabCost: 0,
  advance: 0,
  tpc: 0,
  pendingAmount: 0,
  profit: 0,
  travelDate: null,
  source: null,
  package: null,
  followUpAt: null,
};
const FORM_FIELDS = new Set(Object.keys(toFormValues(EMPTY)));
/** The table's fields this form lays out itself; the others follow in their section (inquiry-table-fields.tsx). */
const PLACED: ReadonlySet<string> = new Set(['travelingFrom', 'dropCity', 'tourDuration', 'extraInfo']);

export const formFieldOf = (key: string): keyof EditInquiryValues | undefined =>
  SERVER_FIELDS[key] ?? (FORM_FIELDS.has(key) ? (key as keyof EditInquiryValues) : undefined);

interface InquiryEditFormProps {
  inquiry: Inquiry;
  handlers: HandlerOption[];
  isSaving: boolean;
  /** Field errors the server sent back, by form field. */
  serverErrors?: Partial<Record<keyof EditInquiryValues, string>>;
  /** Resolves true once saved (the kept draft is then forgotten). */
  onSubmit: (values: EditInquiryValues) => Promise<boolean>;
  /** D31: the inquiry has payments, so its advance is the ledger's (shown, not typed). */
  advanceFromPayments?: boolean;
}

export function InquiryEditForm({
  inquiry,
  handlers,
  isSaving,
  serverErrors = {},
  onSubmit,
  advanceFromPayments = false,
}: InquiryEditFormProps) {
  const { register, control, handleSubmit, draft } = useDraftForm<EditInquiryValues>(
    `inquiry-edit:${inquiry._id}`,
    toFormValues(inquiry),
    { base: inquiry.updatedAt ?? '' },
  );
  const [customerName, whatsappNumber, location] = useWatch({
    control,
    name: ['customerName', 'whatsappNumber', 'location'],
  });
  const statusValue = canonicalStatus(inquiry.status) ?? inquiry.status;
  const statuses: string[] = (INQUIRY_STATUSES as readonly string[]).includes(statusValue)
    ? [...INQUIRY_STATUSES]
    : [statusValue, ...INQUIRY_STATUSES];
  const e = serverErrors;
  const more = { placed: PLACED, register, errors: e as Partial<Record<string, string>> };

  return (
    <form
      onSubmit={(ev) =>
        void handleSubmit(async (values) => {
          if (await onSubmit(values)) draft.clear();
        })(ev)
      }
      className="space-y-5"
      noValidate
    >
      <DraftNotice draft={draft} />
      <Section title={INQUIRY_EDIT_SECTIONS.customer} look="card">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Name" error={e.customerName}>
            <input className={inputClass} autoComplete="off" {...register('customerName')} />
          </Field>
          <Field label="Email" error={e.customerEmail}>
            <input type="email" className={inputClass} autoComplete="off" {...register('customerEmail')} />
          </Field>
          <div>
            <Field label="WhatsApp number" error={e.whatsappNumber}>
              <input type="tel" className={inputClass} autoComplete="off" {...register('whatsappNumber')} />
            </Field>
            {/* The number as it stands in the form; nothing while it does not say its country. */}
            <div className="mt-1 flex flex-wrap gap-x-4">
              <CustomerWhatsapp
                name={customerName}
                number={whatsappNumber}
                destination={location}
                className={customerActionClass}
              >
                <MessageCircle className="size-4 shrink-0" aria-hidden="true" />
                Chat with {customerName.trim() || 'the customer'} on WhatsApp
              </CustomerWhatsapp>
              <CustomerCall name={customerName} number={whatsappNumber} className={customerActionClass} />
            </div>
          </div>
        </div>
        <TableFields section="customer" {...more} />
      </Section>

      <Section title={INQUIRY_EDIT_SECTIONS.handler} look="card">
        <Field label="Handled by" error={e.staffId} className="max-w-md">
          <select className={inputClass} {...register('staffId')}>
            <option value="">{INQUIRY_MESSAGES.unassigned}</option>
            {handlers.map((h) => (
              <option key={h.id} value={h.id}>
                {h.label}
              </option>
            ))}
          </select>
        </Field>
        <TableFields section="handler" {...more} />
      </Section>

      <Section title={INQUIRY_EDIT_SECTIONS.trip} look="card">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Traveling from" error={e.travelingFrom}>
            <input className={inputClass} {...register('travelingFrom')} />
          </Field>
          <Field label="Destination" error={e.location}>
            <input className={inputClass} {...register('location')} />
          </Field>
          <Field label="Drop city" error={e.dropCity}>
            <input className={inputClass} {...register('dropCity')} />
          </Field>
          <Field label="Adults" error={e.noOfAdults}>
            <input type="number" inputMode="numeric" min={1} className={inputClass} {...register('noOfAdults')} />
          </Field>
          <Field label="Kids" error={e.noOfKids}>
            <input type="number" inputMode="numeric" min={0} className={inputClass} {...register('noOfKids')} />
          </Field>
          <Field label="Tour duration" error={e.tourDuration}>
            <input className={inputClass} placeholder="e.g. 5N/6D" {...register('tourDuration')} />
          </Field>
          <Field label="Hotel type" error={e.hotelType}>
            <select className={inputClass} {...register('hotelType')}>
              <option value="">Not specified</option>
              {HOTEL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Budget (₹)" error={e.budget}>
            <input type="number" inputMode="decimal" min={0} className={inputClass} {...register('budget')} />
          </Field>
        </div>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Travel date" error={e.travelDate}>
            <input type="date" className={inputClass} {...register('travelDate')} />
          </Field>
          <Field label="Source" error={e.source}>
            <select className={inputClass} {...register('source')}>
              {inquiry.source ? null : <option value="">{WORKFLOW_MESSAGES.sourceNotRecorded}</option>}
              {INQUIRY_SOURCES.map((src) => (
                <option key={src} value={src}>
                  {SOURCE_LABELS[src]}
                </option>
              ))}
            </select>
          </Field>
          <div>
            <p className="mb-1.5 block text-sm font-medium text-stone-700">Package asked about</p>
            <p className="py-2 text-sm" data-testid="inquiry-package">
              {inquiry.package ? (
                inquiry.package.id ? (
                  <Link to={paths.packageDetails(inquiry.package.id)} className="text-brand-800 underline">
                    {inquiry.package.title}
                  </Link>
                ) : (
                  inquiry.package.title
                )
              ) : (
                <span className="text-stone-500">None</span>
              )}
            </p>
          </div>
        </div>
        <Field label="Extra information" error={e.extraInfo} className="mt-4">
          <textarea rows={3} className={inputClass} {...register('extraInfo')} />
        </Field>
        <TableFields section="trip" {...more} />
      </Section>

      <Section title={INQUIRY_EDIT_SECTIONS.followUp} look="card">
        <Field label="Follow up at (India time)" error={e.followUpAt} className="max-w-md">
          <input type="datetime-local" className={inputClass} {...register('followUpAt')} />
        </Field>
        <TableFields section="followUp" {...more} />
      </Section>

      <Section title={INQUIRY_EDIT_SECTIONS.status} look="card">
        <Field label="Inquiry status" error={e.status} className="max-w-md">
          <select className={inputClass} {...register('status')}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <TableFields section="status" {...more} />
      </Section>

      <Section title={INQUIRY_EDIT_SECTIONS.financial} look="card">
        <FinancialSection
          control={control}
          register={register}
          errors={e}
          advanceFromPayments={advanceFromPayments ? inquiry.advance : undefined}
        />
        <TableFields section="financial" {...more} />
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {/* Cancel means the changes are not wanted: nothing is offered back next time. */}
        <ButtonLink to={paths.allInquiries} variant="outline" onClick={draft.clear}>
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
