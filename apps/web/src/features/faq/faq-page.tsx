// /faq (spec §2): 'Terms and Conditions' as an eleven-item accordion.
import { ButtonLink } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { TERMS } from './terms';
import { TermsAccordion } from './terms-accordion';

export default function FaqPage() {
  useDocumentTitle(
    'Terms and Conditions',
    'Booking, payment, cancellation, hotel and transport terms of Safarnama’s tour packages.',
  );
  return (
    <div className="container-page max-w-3xl! py-12 sm:py-16">
      <p className="text-sm font-semibold tracking-[0.2em] text-accent-700 uppercase">Before you travel</p>
      <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Terms and Conditions</h1>
      <p className="mt-4 text-lg text-stone-600">
        The fine print, in plain words. If anything is unclear, ask us before you book.
      </p>
      <div className="mt-10">
        <TermsAccordion terms={TERMS} />
      </div>
      <div className="mt-10 rounded-3xl bg-brand-50 p-6 text-center sm:p-8">
        <p className="font-display text-xl font-bold text-stone-900">Still have a question?</p>
        <ButtonLink to={paths.contact} className="mt-4">
          Contact us
        </ButtonLink>
      </div>
    </div>
  );
}
