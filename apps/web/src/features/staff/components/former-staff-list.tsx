// Removed staff (D23), each with Re-enable: that fills the add form with their name and e-mail, and the Owner
// gives a new password.
import { RotateCcw } from 'lucide-react';
import { STAFF_MESSAGES, type StaffMember } from '@safarnama/contract/staff';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { byName } from './staff-list';

export function FormerStaffList({
  staff,
  onReEnable,
}: {
  staff: StaffMember[];
  onReEnable: (member: StaffMember) => void;
}) {
  if (staff.length === 0) return <p className="text-sm text-stone-500">{STAFF_MESSAGES.formerEmpty}</p>;
  return (
    <ul className="card divide-y divide-stone-100" aria-label="Former staff">
      {[...staff].sort(byName).map((member) => (
        <li key={member._id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
          <div className="min-w-0 flex-1">
            <p className="font-medium [overflow-wrap:anywhere] text-stone-700">{member.name}</p>
            <p className="text-sm [overflow-wrap:anywhere] text-stone-500">
              <EmailText address={member.email} />
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onReEnable(member)}
            aria-label={`Re-enable ${member.name}`}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            <span>Re-enable</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
