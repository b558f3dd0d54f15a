// The trip inquiry form of spec §5, shared by /contact (public) and /create-inquiry (signed in).
// Errors show on submit and clear as their field is edited; success and failure use browser alerts (spec §8).
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CreateInquiryBody, CreateInquiryData } from '@safarnama/contract/inquiries';
import { HOTEL_TYPES, INQUIRY_FORM_MESSAGES } from '@safarnama/contract/inquiries-rules';
import { Button } from '../ui/button';
import { DraftNotice } from '../ui/draft-notice';
import { Field, inputClass } from '../ui/field';
import { deferredResolver, usePreloadOnFirstInput } from '../../lib/deferred-resolver';
import { useDraftForm } from '../../lib/form-draft';
import { FieldGroup } from '../ui/field-group';

/** What a submit may answer instead of the usual "created" alert: a queued inquiry says so (D34). */
export interface SubmitNotice {
  notice: string;
}

const noticeOf = (result: unknown) =>
  typeof result === 'object' && result !== null && typeof (result as SubmitNotice).notice === 'string'
    ? (result as SubmitNotice).notice
    : undefined;

export interface InquiryFormProps {
  /** Sends the validated inquiry; a rejection shows the failure alert, a SubmitNotice its own. */
  submit: (body: CreateInquiryData) => Promise<unknown>;
  /** Prefills (a signed-in customer's name and e-mail, a package's place and duration); the form resets back to these. */
  defaultValues?: Partial<Record<Exclude<keyof CreateInquiryBody, 'website'>, string>>;
  submitLabel?: string;
  /** Where the unsent input is kept (lib/form-draft.ts): one draft per page that shows the form. */
  draftKey: string;
  /**
   * Staff typing in a customer's request: the form speaks of the customer, and the browser offers no autofill (it
   * would offer the staff member's own name, e-mail and number).
   */
  onBehalf?: boolean;
}

/** The form holds text; the schema turns numbers and blanks into the API's shape. */
type Values = Record<keyof CreateInquiryBody, string>;
/** D26: the package's id comes from Book Now, and the staff's source is chosen beside the form. */
type Optional = 'source' | 'packageId';

const EMPTY: Omit<Values, Optional> = {
  name: '',
  email: '',
  whatsappNumber: '',
  travelingFrom: '',
  location: '',
  noOfAdults: '',
  noOfKids: '',
  extraInfo: '',
  tourDuration: '',
  hotelType: '',
  dropCity: '',
  budget: '',
  travelDate: '',
  website: '',
};

const validation = deferredResolver<CreateInquiryBody, unknown, CreateInquiryData>(() =>
  import('./inquiry-validation').then((m) => m.inquiryResolver),
);

/** Loads the form's validation ahead of any input: a form that must work offline has it before the network goes. */
export const preloadInquiryValidation = () => validation.preload();

const HOTEL_LABELS: Record<(typeof HOTEL_TYPES)[number], string> = {
  budget: 'Budget',
  standard: 'Standard',
  luxury: 'Luxury',
};

export function InquiryForm({
  submit,
  defaultValues,
  submitLabel = 'Send Inquiry',
  draftKey,
  onBehalf = false,
}: InquiryFormProps) {
  const fill = (token: string) => (onBehalf ? 'off' : token);
  const initial = { ...EMPTY, ...defaultValues } as Values;
  usePreloadOnFirstInput(validation.preload);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
    draft,
  } = useDraftForm<CreateInquiryBody, unknown, CreateInquiryData>(`inquiry:${draftKey}`, initial, {
    resolver: validation.resolver,
    // Errors are shown on submit and cleared (not re-checked) while the field is being edited.
    reValidateMode: 'onSubmit',
  });

  const field = (name: keyof CreateInquiryBody): UseFormRegisterReturn =>
    register(name, { onChange: () => errors[name] && clearErrors(name) });

  const onValid = async (data: CreateInquiryData) => {
    try {
      const result = await submit(data);
      window.alert(noticeOf(result) ?? INQUIRY_FORM_MESSAGES.created);
      reset(initial);
      draft.clear();
    } catch {
      window.alert(INQUIRY_FORM_MESSAGES.submitFailed);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-10">
      <DraftNotice draft={draft} />
      <FieldGroup legend={onBehalf ? "Customer's details" : 'Your details'}>
        <Field label="Full name" required error={errors.name?.message} className="sm:col-span-2">
          <input type="text" autoComplete={fill('name')} className={inputClass} {...field('name')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <input
            type="email"
            autoComplete={fill('email')}
            inputMode="email"
            className={inputClass}
            {...field('email')}
          />
        </Field>
        <Field label="WhatsApp number" required error={errors.whatsappNumber?.message}>
          <input
            type="tel"
            autoComplete={fill('tel')}
            placeholder="+91 98765 43210"
            className={inputClass}
            {...field('whatsappNumber')}
          />
        </Field>
      </FieldGroup>

      <FieldGroup legend={onBehalf ? 'The trip' : 'Your trip'}>
        <Field label="Location" required error={errors.location?.message} hint="Where would you like to go?">
          <input type="text" placeholder="e.g. Kerala backwaters" className={inputClass} {...field('location')} />
        </Field>
        <Field label="Traveling from" error={errors.travelingFrom?.message}>
          <input type="text" placeholder="e.g. Delhi" className={inputClass} {...field('travelingFrom')} />
        </Field>
        <Field label="Drop city" error={errors.dropCity?.message}>
          <input type="text" className={inputClass} {...field('dropCity')} />
        </Field>
        <Field label="Tour duration" error={errors.tourDuration?.message}>
          <input type="text" placeholder="e.g. 5 nights / 6 days" className={inputClass} {...field('tourDuration')} />
        </Field>
        <Field label="Number of adults" required error={errors.noOfAdults?.message}>
          <input type="text" inputMode="numeric" placeholder="e.g. 2" className={inputClass} {...field('noOfAdults')} />
        </Field>
        <Field label="Number of kids" error={errors.noOfKids?.message}>
          <input type="text" inputMode="numeric" placeholder="0" className={inputClass} {...field('noOfKids')} />
        </Field>
        <Field label="Hotel type" error={errors.hotelType?.message}>
          <select className={inputClass} {...field('hotelType')}>
            <option value="">No preference</option>
            {HOTEL_TYPES.map((t) => (
              <option key={t} value={t}>
                {HOTEL_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Budget (₹)" required error={errors.budget?.message}>
          <input type="text" inputMode="decimal" placeholder="e.g. 50000" className={inputClass} {...field('budget')} />
        </Field>
        <Field label="Travel date" error={errors.travelDate?.message}>
          <input type="date" className={inputClass} {...field('travelDate')} />
        </Field>
        <Field
          label={onBehalf ? 'Anything else to note?' : 'Anything else we should know?'}
          error={errors.extraInfo?.message}
          className="sm:col-span-2"
        >
          <textarea rows={4} className={inputClass} {...field('extraInfo')} />
        </Field>
      </FieldGroup>

      {/* D15 honeypot: invisible to people and assistive technology; bots that fill it are dropped quietly. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="inquiry-website">Website</label>
        <input id="inquiry-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>

      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
