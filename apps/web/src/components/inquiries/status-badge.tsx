// An inquiry's status as a coloured badge; its style name is the lowercased, dash-joined status (spec §4).
import { statusBadgeName } from '@safarnama/contract/inquiries';

// Text on tinted backgrounds, each pair at WCAG AA contrast or better.
const STYLES: Record<string, string> = {
  new: 'bg-sky-100 text-sky-900 ring-sky-200',
  working: 'bg-amber-100 text-amber-900 ring-amber-200',
  'follow-up': 'bg-violet-100 text-violet-900 ring-violet-200',
  'advance-received': 'bg-teal-100 text-teal-900 ring-teal-200',
  'booking-pending': 'bg-orange-100 text-orange-900 ring-orange-200',
  booked: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  'only-query': 'bg-stone-100 text-stone-800 ring-stone-200',
  completed: 'bg-green-700 text-white ring-green-800',
};
const FALLBACK = 'bg-stone-100 text-stone-800 ring-stone-200';

export function StatusBadge({ status }: { status: string }) {
  const name = statusBadgeName(status);
  return (
    <span
      className={`${name} inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STYLES[name] ?? FALLBACK}`}
      data-status={name}
    >
      {status}
    </span>
  );
}
