// D34: the inquiries taken with no network, on the Create Inquiry page: how many wait to send and whose, and those
// the server refused (the user's to fix), each with its message, to put back in the form or discard.
import { AlertTriangle, CloudOff } from 'lucide-react';
import { OFFLINE_TEXT } from '@safarnama/contract/offline';
import { formatDateTime } from '@safarnama/contract/common-rules';
import { Button } from '../../../components/ui/button';
import type { QueuedInquiry } from '../../../pwa/inquiry-queue';

const who = (entry: QueuedInquiry) =>
  [entry.body.name, entry.body.location].filter((v) => typeof v === 'string' && v).join(' · ');

export function WaitingInquiries({
  waiting,
  refused,
  onPutBack,
  onDiscard,
}: {
  waiting: readonly QueuedInquiry[];
  refused: readonly QueuedInquiry[];
  onPutBack: (entry: QueuedInquiry) => void;
  onDiscard: (entry: QueuedInquiry) => void;
}) {
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <div className="mb-6 space-y-4">
      {waiting.length > 0 ? (
        <section
          aria-labelledby="waiting-title"
          className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300"
        >
          <h2 id="waiting-title" className="flex items-center gap-2 font-semibold">
            <CloudOff className="size-5 shrink-0" aria-hidden="true" />
            {OFFLINE_TEXT.waiting(waiting.length)}
          </h2>
          <p className="mt-1 text-sm">{OFFLINE_TEXT.waitingHelp}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {waiting.map((entry) => (
              <li key={entry.key}>
                <span className="font-medium">{who(entry)}</span>{' '}
                <span className="text-amber-900">({formatDateTime(entry.queuedAt)})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {refused.map((entry) => (
        <section
          key={entry.key}
          aria-label={`Not sent: ${who(entry)}`}
          role="alert"
          className="rounded-2xl bg-red-50 p-4 text-red-950 ring-1 ring-red-300"
        >
          <p className="flex items-start gap-2 font-semibold">
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              {who(entry)}: {OFFLINE_TEXT.refused}
            </span>
          </p>
          <p className="mt-1 pl-7 text-sm">{entry.refused}</p>
          <div className="mt-3 flex flex-wrap gap-2 pl-7">
            <Button size="sm" onClick={() => onPutBack(entry)}>
              {OFFLINE_TEXT.putBack}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDiscard(entry)}>
              {OFFLINE_TEXT.discard}
            </Button>
          </div>
        </section>
      ))}
    </div>
  );
}
