// /manage-staff: the Owner adds Staff accounts, removes them (D9: disabled, history kept) and re-enables former
// staff (D23).
import { useState } from 'react';
import { STAFF_MESSAGES, type CreateStaffBody, type StaffMember } from '@safarnama/contract/staff';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStaff } from './api/get-staff';
import { useCreateStaff } from './api/create-staff';
import { useRemoveStaff } from './api/remove-staff';
import { useFormerStaff } from './api/get-former-staff';
import { AddStaffForm } from './components/add-staff-form';
import { FormerStaffList } from './components/former-staff-list';
import { StaffList } from './components/staff-list';

export default function ManageStaffPage() {
  useDocumentTitle('Manage Staff');
  const staff = useStaff();
  const create = useCreateStaff();
  const remove = useRemoveStaff();
  const former = useFormerStaff();
  const [prefill, setPrefill] = useState<StaffMember | null>(null);

  const handleAdd = async (body: CreateStaffBody) => {
    const wasFormer = former.data?.some((m) => m.email === body.email.trim().toLowerCase()) ?? false;
    try {
      await create.mutateAsync(body);
      setPrefill(null);
      notify.success(wasFormer ? STAFF_MESSAGES.reEnabled : STAFF_MESSAGES.added);
    } catch (err) {
      notify.error(errorMessage(err, STAFF_MESSAGES.addFailed));
      throw err;
    }
  };

  const handleRemove = (member: StaffMember) => {
    if (!window.confirm(STAFF_MESSAGES.confirmRemove(member.name))) return;
    remove.mutate(member._id, {
      onSuccess: () => notify.success(STAFF_MESSAGES.removed),
      onError: () => notify.error(STAFF_MESSAGES.removeFailed),
    });
  };

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader title="Manage Staff" description="Staff can work every inquiry and browse the packages." />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="add-staff" className="card h-fit p-5 sm:p-6">
          <h2 id="add-staff" className="mb-4 text-lg font-semibold">
            Add a staff member
          </h2>
          <AddStaffForm onAdd={handleAdd} prefill={prefill} />
        </section>
        <section aria-labelledby="staff-members">
          <h2 id="staff-members" className="mb-4 text-lg font-semibold">
            Staff members{staff.data ? ` (${staff.data.length})` : ''}
          </h2>
          {staff.isPending ? (
            <Spinner label="Loading staff…" />
          ) : staff.isError ? (
            <ErrorMessage
              action={
                <Button variant="outline" size="sm" onClick={() => void staff.refetch()}>
                  Try Again
                </Button>
              }
            >
              {STAFF_MESSAGES.fetchFailed}
            </ErrorMessage>
          ) : (
            <StaffList
              staff={staff.data}
              onRemove={handleRemove}
              removingId={remove.isPending ? remove.variables : null}
            />
          )}
          <h2 id="former-staff" className="mt-10 mb-4 text-lg font-semibold">
            Former staff{former.data ? ` (${former.data.length})` : ''}
          </h2>
          {former.data ? <FormerStaffList staff={former.data} onReEnable={setPrefill} /> : null}
        </section>
      </div>
    </section>
  );
}
