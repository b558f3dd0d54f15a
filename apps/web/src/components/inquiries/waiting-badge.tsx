// D26: "Waiting N days" beside a New inquiry that nobody has touched for more than a day.
import { useState } from 'react';
import { waitingDays, waitingLabel } from '@safarnama/contract/inquiries';

export function WaitingBadge({ inquiry }: { inquiry: { status: string; updatedAt: string | null } }) {
  // The time the badge was first shown: a page left open does not re-render just to count days.
  const [now] = useState(Date.now);
  const days = waitingDays(inquiry, now);
  if (days === null) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset">
      {waitingLabel(days)}
    </span>
  );
}
