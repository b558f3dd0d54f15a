// /create-inquiry: the signed-in inquiry form (same rules and messages as /contact); a Customer's
// name and e-mail come prefilled from their profile. With no network the inquiry waits on the device and is sent
// when the connection returns (D34).
import { useEffect, useState } from 'react';
import {
  DEFAULT_STAFF_SOURCE,
  INQUIRY_SOURCES,
  SOURCE_LABELS,
  type CreateInquiryData,
  type InquirySource,
} from '@safarnama/contract/inquiries';
import { OFFLINE_TEXT } from '@safarnama/contract/offline';
import { InquiryForm, preloadInquiryValidation, type SubmitNotice } from '../../components/inquiry-form/inquiry-form';
import { ApiError } from '../../lib/api-client';
import { saveDraft } from '../../lib/draft-storage';
import { keepPageForOffline } from '../../pwa/keep-offline';
import type { QueuedInquiry } from '../../pwa/inquiry-queue';
import { Field, inputClass } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCreateInquiry } from './api/create-inquiry';
import { useProfile } from '../../lib/get-profile';
import { useInquiryQueue } from './offline/use-inquiry-queue';
import { WaitingInquiries } from './offline/waiting-inquiries';

const DRAFT_KEY = 'create';

/** A queued body back as the form's text values (the form's draft). */
const formValues = (body: QueuedInquiry['body']) =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );

export default function CreateInquiryPage() {
  useDocumentTitle('Create Inquiry');
  const { user } = useSession();
  const isCustomer = user?.role === 'Customer';
  const profile = useProfile(isCustomer);
  const create = useCreateInquiry();
  const [source, setSource] = useState<InquirySource>(DEFAULT_STAFF_SOURCE);
  const queue = useInquiryQueue(user?.id);
  // Bumped to open the form afresh on a draft put back from the queue.
  const [formRound, setFormRound] = useState(0);

  // What the form needs with no network: its validation, this page and its chunks, and the log-out's question
  // about what still waits (D34).
  useEffect(() => {
    void Promise.all([preloadInquiryValidation(), import('../../pwa/logout-queue')])
      .then(() => keepPageForOffline())
      .catch(() => undefined);
  }, []);

  const send = async (body: CreateInquiryData): Promise<SubmitNotice | undefined> => {
    // D26: staff say where the lead came from (the server stores 'website' for a Customer's own).
    const full = isCustomer ? body : { ...body, source };
    const queued = async () => {
      await queue.enqueue(full);
      return { notice: OFFLINE_TEXT.queued };
    };
    if (!navigator.onLine) return queued();
    try {
      await create.mutateAsync({ body: full, key: crypto.randomUUID() });
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) return queued();
      throw err;
    }
  };

  const putBack = (entry: QueuedInquiry) => {
    saveDraft(user?.id, `inquiry:${DRAFT_KEY}`, formValues(entry.body));
    if (typeof entry.body.source === 'string') setSource(entry.body.source as InquirySource);
    void queue.remove(entry.key);
    setFormRound((n) => n + 1);
  };

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
      <WaitingInquiries
        waiting={queue.waiting}
        refused={queue.refused}
        onPutBack={putBack}
        onDiscard={(entry) => void queue.remove(entry.key)}
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
            key={`${profile.data ? 'prefilled' : 'blank'}-${formRound}`}
            submit={send}
            defaultValues={
              isCustomer && profile.data ? { name: profile.data.name, email: profile.data.email } : undefined
            }
            submitLabel="Create Inquiry"
            draftKey={DRAFT_KEY}
            onBehalf={!isCustomer}
          />
        )}
      </div>
    </section>
  );
}
