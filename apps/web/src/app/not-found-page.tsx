// Any unknown path (spec §2).
import { Compass } from 'lucide-react';
import { SITE_MESSAGES } from '@safarnama/contract/site-rules';
import { ButtonLink } from '../components/ui/button';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <Compass className="size-16 text-accent-500" aria-hidden="true" />
      <h1 className="mt-6 text-4xl font-bold">{SITE_MESSAGES.notFound}</h1>
      <p className="mt-3 max-w-md text-stone-600">The page you are looking for has wandered off the map.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home}>Back to home</ButtonLink>
        <ButtonLink to={paths.packages} variant="outline">
          Browse packages
        </ButtonLink>
      </div>
    </section>
  );
}
