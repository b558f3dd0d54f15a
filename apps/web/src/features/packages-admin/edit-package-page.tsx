// /packages/edit/{id}: the package form filled in; images optional (keep, remove, reorder, add).
// Saving goes to /manage-packages.
import { useLocation, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { ButtonLink } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, isAbortError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { usePackage } from './api/get-package';
import { useUpdatePackage } from './api/update-package';
import type { PackagePayload } from './api/package-form-data';
import { PackageForm } from './components/package-form';

export default function EditPackagePage() {
  useDocumentTitle('Edit Package');
  const { id = '' } = useParams();
  const [, navigate] = useLocation();
  const pkg = usePackage(id);
  const update = useUpdatePackage(id);

  const handleSave = async (payload: PackagePayload) => {
    try {
      await update.mutateAsync(payload);
    } catch (err) {
      // A cancelled upload is the user's choice, not a failure (the form says so).
      if (!isAbortError(err)) notify.error(PACKAGE_MESSAGES.updateFailed);
      throw err;
    }
    notify.success(PACKAGE_MESSAGES.updated);
    navigate(paths.managePackages);
    return true;
  };

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title="Edit Package"
        description={pkg.data?.name}
        actions={
          <ButtonLink to={paths.managePackages} variant="ghost" size="sm">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to packages
          </ButtonLink>
        }
      />
      {pkg.isPending ? (
        <Spinner label="Loading package…" />
      ) : pkg.isError ? (
        <ErrorMessage>{errorMessage(pkg.error, PACKAGE_MESSAGES.detailsFailed)}</ErrorMessage>
      ) : (
        <div className="card p-5 sm:p-8">
          <PackageForm
            key={pkg.data._id}
            pkg={pkg.data}
            submitLabel="Update Package"
            cancelTo={paths.managePackages}
            onSubmit={handleSave}
          />
        </div>
      )}
    </section>
  );
}
