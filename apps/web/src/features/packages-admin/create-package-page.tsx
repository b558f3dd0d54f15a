// /create-package: the new-package form and, below it, the existing packages as cards whose images
// rotate every 5 seconds (spec §9), each with Edit and Delete.
import { PackagePlus } from 'lucide-react';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { PackageCard, PackageGrid } from '../../components/packages/package-card';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { isAbortError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePackages } from './api/get-packages';
import { useCreatePackage } from './api/create-package';
import type { PackagePayload } from './api/package-form-data';
import { PackageAdminActions } from './components/package-admin-actions';
import { PackageForm } from './components/package-form';

/** Spec §9: cards on the create page change image every 5 seconds. */
const CREATE_PAGE_ROTATE_MS = 5000;

export default function CreatePackagePage() {
  useDocumentTitle('Create Package');
  const packages = usePackages();
  const create = useCreatePackage();

  const handleCreate = async (payload: PackagePayload) => {
    try {
      await create.mutateAsync(payload);
      notify.success(PACKAGE_MESSAGES.added);
      return true;
    } catch (err) {
      // A cancelled upload is the user's choice, not a failure (the form says so).
      if (!isAbortError(err)) notify.error(PACKAGE_MESSAGES.addFailed);
      throw err;
    }
  };

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title="Create Package" description="Add a customizable tour to the catalogue." />
      <section aria-labelledby="new-package" className="card p-5 sm:p-8">
        <h2 id="new-package" className="mb-5 flex items-center gap-2 text-xl font-bold">
          <PackagePlus className="size-5 text-accent-600" aria-hidden="true" /> New package
        </h2>
        <PackageForm submitLabel="Add Package" onSubmit={handleCreate} />
      </section>

      <section aria-labelledby="existing-packages" className="mt-12">
        <h2 id="existing-packages" className="mb-5 text-2xl font-bold">
          Existing packages{packages.data ? ` (${packages.data.length})` : ''}
        </h2>
        {packages.isPending ? (
          <Spinner label="Loading packages…" />
        ) : packages.isError ? (
          <ErrorMessage
            action={
              <Button variant="outline" size="sm" onClick={() => void packages.refetch()}>
                Try Again
              </Button>
            }
          >
            {PACKAGE_MESSAGES.fetchFailed}
          </ErrorMessage>
        ) : packages.data.length === 0 ? (
          <EmptyState>{PACKAGE_MESSAGES.empty}</EmptyState>
        ) : (
          <PackageGrid>
            {packages.data.map((pkg) => (
              <PackageCard
                key={pkg._id}
                pkg={pkg}
                rotateMs={CREATE_PAGE_ROTATE_MS}
                actions={<PackageAdminActions pkg={pkg} />}
              />
            ))}
          </PackageGrid>
        )}
      </section>
    </section>
  );
}
