// /manage-packages: the public search (spec §2) over the catalogue, with cards whose images rotate every
// 3 seconds (spec §9) and Edit / Delete on each.
import { useSearchParams } from '../../lib/navigation';
import { PackagePlus } from 'lucide-react';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { PackageCard, PackageGrid } from '../../components/packages/package-card';
import { describePackageCount } from '../../components/packages/package-count';
import { PackageSearchForm } from '../../components/packages/package-search-form';
import { readPackageSearch, usePackageSearch } from '../../components/packages/use-package-search';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { PackageAdminActions } from './components/package-admin-actions';

/** Spec §9: cards on the manage page change image every 3 seconds. */
const MANAGE_PAGE_ROTATE_MS = 3000;

export default function ManagePackagesPage() {
  useDocumentTitle('Manage Packages');
  const [searchParams] = useSearchParams();
  const values = readPackageSearch(searchParams);
  const search = usePackageSearch(values);
  const isFiltered = Object.values(values).some(Boolean);

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title="Manage Packages"
        description={search.packages ? describePackageCount(search.packages.length, isFiltered) : undefined}
        actions={
          <ButtonLink to={paths.createPackage} variant="accent">
            <PackagePlus className="size-4" aria-hidden="true" /> Create Package
          </ButtonLink>
        }
      />
      <PackageSearchForm />
      <div className="mt-8" aria-busy={search.isFetching}>
        {search.error && !search.packages ? (
          <ErrorMessage
            action={
              <Button variant="outline" size="sm" onClick={search.refetch}>
                Try Again
              </Button>
            }
          >
            {PACKAGE_MESSAGES.fetchFailed}
          </ErrorMessage>
        ) : search.isLoading || !search.packages ? (
          <Spinner label="Loading packages…" />
        ) : search.packages.length === 0 ? (
          <EmptyState>{isFiltered ? PACKAGE_MESSAGES.noMatches : PACKAGE_MESSAGES.empty}</EmptyState>
        ) : (
          <PackageGrid>
            {search.packages.map((pkg, i) => (
              <PackageCard
                key={pkg._id}
                pkg={pkg}
                eager={i < 3}
                rotateMs={MANAGE_PAGE_ROTATE_MS}
                actions={<PackageAdminActions pkg={pkg} />}
              />
            ))}
          </PackageGrid>
        )}
      </div>
    </section>
  );
}
