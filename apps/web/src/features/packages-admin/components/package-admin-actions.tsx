// Edit and Delete for a package card in the back office; Delete asks first (spec §2) and reports by toast.
import { Pencil, Trash2 } from 'lucide-react';
import type { TourPackage } from '@safarnama/contract/packages';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { Button, ButtonLink } from '../../../components/ui/button';
import { notify } from '../../../lib/notify';
import { paths } from '../../../config/paths';
import { useDeletePackage } from '../api/delete-package';

// No refetch here: useDeletePackage's invalidation already refreshes every shown package list.
export function PackageAdminActions({ pkg }: { pkg: TourPackage }) {
  const remove = useDeletePackage();
  const handleDelete = () => {
    if (!window.confirm(PACKAGE_MESSAGES.confirmDelete)) return;
    remove.mutate(pkg._id, {
      onSuccess: () => notify.success(PACKAGE_MESSAGES.deleted),
      onError: () => notify.error(PACKAGE_MESSAGES.deleteFailed),
    });
  };
  return (
    <>
      <ButtonLink to={paths.editPackage(pkg._id)} variant="outline" aria-label={`Edit ${pkg.name}`}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </ButtonLink>
      <Button variant="danger" onClick={handleDelete} disabled={remove.isPending} aria-label={`Delete ${pkg.name}`}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
    </>
  );
}
