// /packages (spec §2): 'Explore Our Packages' with a search kept in the URL and a grid of cards.
import { useSearchParams } from '../../lib/navigation';
import type { RouteMatch } from '../../lib/match-path';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { PackageCard, PackageGrid } from '../../components/packages/package-card';
import { describePackageCount } from '../../components/packages/package-count';
import { PackageSearchForm } from '../../components/packages/package-search-form';
import {
  prefetchPackageSearch,
  readPackageSearch,
  usePackageSearch,
} from '../../components/packages/use-package-search';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * The data of the first render: app/lazy-page.ts calls it through the lazily imported module.
 * @public for knip, which does not follow that import's members.
 */
export const prefetch = ({ search }: RouteMatch) => prefetchPackageSearch(readPackageSearch(search));

export default function PackagesPage() {
  useDocumentTitle(
    'Explore Our Packages',
    'Search Safarnama’s customizable tour packages across India by destination, price per person and number of days.',
  );
  const [params] = useSearchParams();
  const search = readPackageSearch(params);
  const isFiltered = Object.values(search).some(Boolean);
  const { packages, error, isLoading, isFetching, refetch } = usePackageSearch(search);

  let results;
  if (error) {
    results = (
      <ErrorMessage action={<Button onClick={refetch}>Try again</Button>}>
        {PACKAGE_MESSAGES.fetchFailedInline}
      </ErrorMessage>
    );
  } else if (isLoading || !packages) {
    results = <Spinner label="Loading packages…" />;
  } else if (packages.length === 0) {
    results = <EmptyState>{isFiltered ? PACKAGE_MESSAGES.noMatches : PACKAGE_MESSAGES.empty}</EmptyState>;
  } else {
    results = (
      <PackageGrid>
        {packages.map((pkg, i) => (
          // The first card is the page's largest paint on every layout; the others wait until the page has loaded.
          <PackageCard key={pkg._id} pkg={pkg} eager={i === 0} deferImage={i > 0} />
        ))}
      </PackageGrid>
    );
  }

  return (
    <>
      <section className="bg-brand-900 pt-12 pb-28 sm:pt-16 sm:pb-32">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">Tour packages</p>
          <h1 className="mt-2 text-4xl font-bold text-white sm:text-5xl">Explore Our Packages</h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-100">
            Every itinerary can be tailored: change the days, the hotels or the pace, and we will price it for you.
          </p>
        </div>
      </section>
      <div className="container-page -mt-20 sm:-mt-24">
        <PackageSearchForm />
        <div className="mt-10 mb-6 flex min-h-6 items-center justify-between gap-4" aria-live="polite">
          {/* While a changed search loads, the dimmed cards are the previous search's: no count is claimed for them. */}
          {packages && !error && !isFetching ? (
            <p className="text-sm font-medium text-stone-600">{describePackageCount(packages.length, isFiltered)}</p>
          ) : null}
          {isFetching && packages ? <span className="text-sm text-stone-500">Updating…</span> : null}
        </div>
        {/* The cards' titles are h3 (as under the home page's h2): this keeps the outline without a skipped level. */}
        <h2 className="sr-only">Packages</h2>
        <div className={isFetching && packages ? 'opacity-60 transition-opacity' : 'transition-opacity'}>{results}</div>
      </div>
    </>
  );
}
