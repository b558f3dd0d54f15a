// /contact (spec §2): the public inquiry form beside the agency's phone and e-mail.
import { Clock, Mail, MessageCircle, Phone } from 'lucide-react';
import type { CreateInquiryData } from '@safarnama/contract/inquiries';
import { whatsappLink } from '@safarnama/contract/site-rules';
import { InquiryForm } from '../../components/inquiry-form/inquiry-form';
import { request } from '../../lib/api-client';
import { useSearchParams } from '../../lib/navigation';
import { useSite } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { packagePrefill } from './package-prefill';

// The public call carries no token (spec §6), even for a visitor who is signed in.
const createPublicInquiry = (body: CreateInquiryData) =>
  request('/api/inquiries/createPublic', { method: 'POST', body, anonymous: true });

export default function ContactPage() {
  useDocumentTitle('Contact Us', 'Tell Safarnama about your trip: we reply within a day with a plan and a price.');
  const site = useSite();
  const [params] = useSearchParams();
  const prefill = packagePrefill(params);
  return (
    <>
      <section className="bg-brand-900 pt-12 pb-24 sm:pt-16 sm:pb-28">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">Plan your trip</p>
          <h1 className="mt-2 text-4xl font-bold text-white sm:text-5xl">Contact Us</h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-100">
            Tell us where you would like to go. A travel expert will reply within a day with a plan and a price.
          </p>
          {site.phone || site.email ? (
            <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-brand-50 lg:hidden">
              {site.phone ? (
                <a
                  href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}
                  className="inline-flex items-center gap-2 font-semibold underline-offset-2 hover:underline"
                >
                  <Phone className="size-4" aria-hidden="true" />
                  {site.phone}
                </a>
              ) : null}
              {site.email ? (
                <a
                  href={`mailto:${site.email}`}
                  className="inline-flex items-center gap-2 font-semibold break-all underline-offset-2 hover:underline"
                >
                  <Mail className="size-4" aria-hidden="true" />
                  {site.email}
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
      </section>
      <div className="container-page -mt-16 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <section
          aria-labelledby="inquiry-title"
          className="rounded-3xl bg-white p-5 shadow-lg ring-1 ring-stone-200/70 sm:p-10"
        >
          <h2 id="inquiry-title" className="text-2xl font-bold sm:text-3xl">
            Send us an inquiry
          </h2>
          <p className="mt-2 mb-8 text-stone-600">
            Fields marked <span className="text-red-700">*</span> are required.
          </p>
          <InquiryForm
            // Another package's Book Now while here starts the form again from that package.
            key={prefill.location ?? ''}
            submit={createPublicInquiry}
            defaultValues={prefill}
            draftKey="contact"
          />
        </section>
        <aside aria-label="Contact details" className="space-y-4 lg:pt-0">
          <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200/70 sm:p-8">
            <h2 className="text-xl font-bold">Talk to us</h2>
            <ul className="mt-5 space-y-5">
              {site.phone ? (
                <li className="flex gap-3">
                  <Phone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="text-sm text-stone-500">Phone</p>
                    <a
                      href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}
                      className="font-semibold text-brand-800 hover:underline"
                    >
                      {site.phone}
                    </a>
                  </div>
                </li>
              ) : null}
              {site.email ? (
                <li className="flex gap-3">
                  <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="text-sm text-stone-500">Email</p>
                    <a href={`mailto:${site.email}`} className="font-semibold break-all text-brand-800 hover:underline">
                      {site.email}
                    </a>
                  </div>
                </li>
              ) : null}
              {site.whatsapp ? (
                <li className="flex gap-3">
                  <MessageCircle className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="text-sm text-stone-500">WhatsApp</p>
                    <a
                      href={whatsappLink(site.whatsapp)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-brand-800 hover:underline"
                    >
                      Chat with us
                    </a>
                  </div>
                </li>
              ) : null}
              <li className="flex gap-3">
                <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="text-sm text-stone-500">Support</p>
                  <p className="font-semibold text-stone-900">24/7, every day of your trip</p>
                </div>
              </li>
            </ul>
          </div>
          <div className="rounded-3xl bg-accent-50 p-6 ring-1 ring-accent-200 sm:p-8">
            <h2 className="text-lg font-bold">What happens next?</h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-stone-700">
              <li>We call or message you to understand your trip.</li>
              <li>You get a day-by-day plan with a clear price.</li>
              <li>Pay a 40% advance to confirm, the rest before you travel.</li>
            </ol>
          </div>
        </aside>
      </div>
    </>
  );
}
