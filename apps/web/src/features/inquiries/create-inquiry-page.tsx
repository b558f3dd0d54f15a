// /create-inquiry: the signed-in inquiry form (same rules and messages as /contact); a Customer's
// name and e-mail come prefilled from their profile.
import { useState } from 'react';
import {
  DEFAULT_STAFF_SOURCE,
  INQUIRY_SOURCES,
  SOURCE_LABELS,
  type InquirySource,
} from '@safarnama/contract/inquiry-workflow-rules';
import { InquiryForm } from '../../components/inquiry-form/inquiry-form';
import { Field, inputClass } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCreateInquiry } from './api/create-inquiry';
import { useProfile } from '../../lib/get-profile';

export default function CreateInquiryPage() {
  useDocumentTitle('Create Inquiry');
  const { user } = useSession();
  const isCustomer = user?.role === 'Customer';
  const profile = useProfile(isCustomer);
  const create = useCreateInquiry();
  const [source, setSource] = useState<InquirySource>(DEFAULT_STAFF_SOURCE);

  return (
    <section className="container-page max-w-3xl py-8 sm:py-10">
      <PageHeader
        title="Create Inquiry"
        description={
          isCustomer
            ? 'Tell us about the trip you have in mind and we will get back to you on WhatsApp.'
            : 'Record a trip request received by phone, WhatsApp or in person.'
        }
      />
      <div className="card p-5 sm:p-8">
        {isCustomer ? null : (
          <Field label="Source" className="mb-8 max-w-xs" hint="Where did this inquiry come from?">
            <select className={inputClass} value={source} onChange={(e) => setSource(e.target.value as InquirySource)}>
              {INQUIRY_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {SOURCE_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
        )}
        {isCustomer && profile.isPending ? (
          <Spinner label="Loading your details…" />
        ) : (
          <InquiryForm
            // The prefill applies once the profile is known (a failed load just leaves the fields empty).
            key={profile.data ? 'prefilled' : 'blank'}
            // D26: staff say where the lead came from (the server stores 'website' for a Customer's own).
            submit={(body) => create.mutateAsync(isCustomer ? body : { ...body, source })}
            defaultValues={
              isCustomer && profile.data ? { name: profile.data.name, email: profile.data.email } : undefined
            }
            submitLabel="Create Inquiry"
            draftKey="create"
            onBehalf={!isCustomer}
          />
        )}
      </div>
    </section>
  );
}
