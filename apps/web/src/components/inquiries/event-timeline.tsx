// An inquiry's history (who changed what, when), newest first.
import type { InquiryEvent } from '@safarnama/contract/inquiries';
import { INQUIRY_MESSAGES, INQUIRY_MONEY_FIELDS } from '@safarnama/contract/inquiry-rules';
import { formatDateTime, formatRupees } from '@safarnama/contract/format';

// Stored field names as people say them.
const FIELD_LABELS: Record<string, string> = {
  'customer.name': 'customer name',
  'customer.email': 'customer email',
  'customer.whatsappNumber': 'WhatsApp number',
  travelingFrom: 'traveling from',
  location: 'destination',
  dropCity: 'drop city',
  noOfAdults: 'adults',
  noOfKids: 'kids',
  extraInfo: 'extra information',
  tourDuration: 'tour duration',
  hotelType: 'hotel type',
  budget: 'budget',
  totalRevenue: 'total revenue',
  hotelCost: 'hotel cost',
  cabCost: 'cab cost',
  advance: 'advance',
  tpc: 'total package cost',
  travelDate: 'travel date',
  source: 'source',
  package: 'package',
  followUpAt: 'follow-up',
};

// Events store money as plain rupees ('80000'); people read it as they see it everywhere else ('₹80,000').
const MONEY_FIELDS = new Set<string>(INQUIRY_MONEY_FIELDS);

const fieldLabel = (field: string | null) => (field ? (FIELD_LABELS[field] ?? field) : 'details');

function shown(field: string | null, v: string | null): string {
  if (v === null || v === '') return 'empty';
  if (field === 'followUpAt') return formatDateTime(v);
  const amount = Number(v);
  return field && MONEY_FIELDS.has(field) && Number.isFinite(amount) ? formatRupees(amount) : v;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One sentence per event; without an actor (a Customer's view, or a website visitor) it is impersonal. */
function describe(event: InquiryEvent): string {
  const who = event.actor?.name;
  const to = event.to ?? '';
  switch (event.type) {
    case 'created':
      return who ? `${who} created the inquiry` : 'Inquiry received';
    case 'status':
      if (who)
        return event.from ? `${who} changed the status from ${event.from} to ${to}` : `${who} set the status to ${to}`;
      return event.from ? `Status changed from ${event.from} to ${to}` : `Status set to ${to}`;
    case 'assignment': {
      const target = event.to || INQUIRY_MESSAGES.unassigned;
      const was = event.from ? ` (was ${event.from})` : '';
      if (!event.to) return who ? `${who} unassigned it${was}` : `Unassigned${was}`;
      return who ? `${who} assigned it to ${target}${was}` : `Assigned to ${target}${was}`;
    }
    case 'edit': {
      const change = `${fieldLabel(event.field)} from ${shown(event.field, event.from)} to ${shown(event.field, event.to)}`;
      return who ? `${who} changed ${change}` : capitalise(change.replace(' from ', ' changed from '));
    }
    case 'deleted':
      return who ? `${who} deleted the inquiry` : 'Inquiry deleted';
    case 'note':
      return `${who ?? 'Staff'} noted: ${to}`;
    default:
      return who ? `${who} updated the inquiry` : 'Inquiry updated';
  }
}

export function EventTimeline({ events }: { events: InquiryEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-stone-500">No changes recorded yet.</p>;
  const newestFirst = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ol className="relative space-y-4 border-l-2 border-brand-100 pl-5">
      {newestFirst.map((event) => (
        <li key={event._id} className="relative">
          <span
            className="absolute top-1.5 -left-[27px] size-3 rounded-full border-2 border-white bg-brand-600 ring-2 ring-brand-100"
            aria-hidden="true"
          />
          <p
            className={`text-sm break-words whitespace-pre-line ${event.type === 'note' ? 'rounded-lg bg-amber-50 px-2 py-1 text-stone-900' : 'text-stone-800'}`}
            data-event-type={event.type}
          >
            {describe(event)}
          </p>
          <p className="text-xs text-stone-500">
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
