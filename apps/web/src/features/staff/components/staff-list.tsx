// The staff list, sorted by name, each with Remove.
import { Mail, Trash2 } from 'lucide-react';
import { STAFF_MESSAGES, type StaffMember } from '@safarnama/contract/staff';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/alert';
import { EmailText } from '../../../components/ui/email-text';

export const byName = (a: StaffMember, b: StaffMember) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email);

export function StaffList({
  staff,
  onRemove,
  removingId,
}: {
  staff: StaffMember[];
  onRemove: (member: StaffMember) => void;
  removingId?: string | null;
}) {
  if (staff.length === 0) return <EmptyState>{STAFF_MESSAGES.empty}</EmptyState>;
  return (
    <ul className="card divide-y divide-stone-100" aria-label="Staff members">
      {[...staff].sort(byName).map((member) => (
        <li key={member._id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800"
            aria-hidden="true"
          >
            {member.name.trim().charAt(0).toUpperCase() || '?'}
          </span>
          <div className="min-w-0 flex-1">
            {/* Wrapped, not cut short: the owner must be able to read the whole address on a phone. */}
            <p className="font-medium [overflow-wrap:anywhere] text-stone-900">{member.name}</p>
            <p className="flex items-start gap-1 text-sm text-stone-600">
              <Mail className="mt-[3px] size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <EmailText address={member.email} />
              </span>
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={() => onRemove(member)}
            disabled={removingId === member._id}
            aria-label={`Remove ${member.name}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {/* The icon alone on a phone leaves the address room to stay on one line. */}
            <span className="max-sm:sr-only">Remove</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
