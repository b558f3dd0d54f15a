// /unsubscribed: where a customer's unsubscribe link lands (the API has already recorded it, or found the link
// not valid, and says which with ?invalid=1).
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { NOTIFICATION_MESSAGES } from '@safarnama/contract/notifications-rules';
import { ButtonLink } from '../../components/ui/button';
import { useSearchParams } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';

export default function UnsubscribedPage() {
  const [params] = useSearchParams();
  const invalid = params.get('invalid') !== null;
  useDocumentTitle(invalid ? 'Unsubscribe link not valid' : 'Unsubscribed');
  const Icon = invalid ? TriangleAlert : CheckCircle2;
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <div className="card p-6 text-center sm:p-10">
        <Icon className={`mx-auto size-12 ${invalid ? 'text-amber-600' : 'text-emerald-700'}`} aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{invalid ? 'This link is not valid' : 'You are unsubscribed'}</h1>
        <p className="mt-3 text-stone-700" role="status">
          {invalid ? NOTIFICATION_MESSAGES.unsubscribeInvalid : NOTIFICATION_MESSAGES.unsubscribed}
        </p>
        <ButtonLink to={paths.home} className="mt-6">
          Back to the home page
        </ButtonLink>
      </div>
    </section>
  );
}
