// An inquiry's history (who changed what, when), newest first.
import {
  INQUIRY_FIELDS,
  INQUIRY_MESSAGES,
  type InquiryEvent,
  type InquiryFieldSpec,
} from '@safarnama/contract/inquiries';
import { formatDateTime, formatRupees } from '@safarnama/contract/common-rules';
import { QUOTE_EVENT_FIELD } from '@safarnama/contract/quotes-rules';

// Field names as people say them, and how their values read (INQUIRY_FIELDS).
const FIELDS = new Map<string, InquiryFieldSpec>(INQUIRY_FIELDS.map((f) => [f.key, f]));

const fieldLabel = (field: string | null) => (field ? (FIELDS.get(field)?.timeline ?? field) : 'details');

function shown(field: string | null, v: string | null): string {
  if (v === null || v === '') return 'empty';
  const kind = field ? FIELDS.get(field)?.kind : undefined;
  if (kind === 'instant') return formatDateTime(v);
  // Events store money as plain rupees ('80000'); people read it as they see it everywhere else ('₹80,000').
  const amount = Number(v);
  return kind === 'money' && Number.isFinite(amount) ? formatRupees(amount) : v;
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
      // A quotation's line says what happened itself; without an actor it came from the customer's trip link.
      if (event.field === QUOTE_EVENT_FIELD) return who ? `${to} by ${who}` : `${to} (on the trip link)`;
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
            className={`text-sm break-words whitespace-pre-line ${event.type === 'note' && event.field !== QUOTE_EVENT_FIELD ? 'rounded-lg bg-amber-50 px-2 py-1 text-stone-900' : 'text-stone-800'}`}
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
