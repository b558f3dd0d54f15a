// Accepting a quotation (D30): the customer types their name, confirms the version and total, and the server
// records it. A newer version sent meanwhile (409) or an expired one (410) is said in the server's words, with what
// to do next.
import { useRef, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import type { TripVersion } from '@safarnama/contract/quotes';
import { QUOTE_LIMITS, QUOTE_MESSAGES, TRIP_PAGE_TEXT } from '@safarnama/contract/quotes-rules';
import { formatRupees } from '@safarnama/contract/common-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { acceptTrip } from '../api/accept-trip';
import type { TripSource } from '../api/trip-source';

/** A refusal that a reload answers (a newer version, or one accepted meanwhile) or that asks for a new quotation. */
interface Refusal {
  message: string;
  kind: 'superseded' | 'expired' | 'other';
}

function refusalOf(err: unknown): Refusal {
  const message = errorMessage(err, TRIP_PAGE_TEXT.acceptFailed);
  if (err instanceof ApiError && err.status === 409) return { message, kind: 'superseded' };
  if (err instanceof ApiError && err.status === 410) return { message, kind: 'expired' };
  return { message, kind: 'other' };
}

export function AcceptForm({
  source,
  version,
  onAccepted,
  onReload,
  onCancel,
}: {
  source: TripSource;
  version: TripVersion;
  onAccepted: (version: TripVersion, message: string) => void;
  onReload: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const input = useRef<HTMLInputElement>(null);
  const total = formatRupees(version.totals.total);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    if (!name.trim()) {
      setNameError(QUOTE_MESSAGES.acceptNameRequired);
      input.current?.focus();
      return;
    }
    setNameError(undefined);
    setConfirming(true);
  };

  const handleConfirm = async () => {
    setSending(true);
    try {
      const answer = await acceptTrip(source, { name: name.trim(), version: version.number });
      if (answer.version) onAccepted(answer.version, answer.message);
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.errors?.name : undefined;
      if (fieldError) {
        setNameError(fieldError);
        setConfirming(false);
      } else setRefusal(refusalOf(err));
    } finally {
      setSending(false);
    }
  };

  if (refusal) {
    return (
      <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">{refusal.message}</p>
        {refusal.kind === 'superseded' ? <p className="mt-1">{TRIP_PAGE_TEXT.supersededHelp}</p> : null}
        {refusal.kind === 'expired' ? <p className="mt-1">{TRIP_PAGE_TEXT.expiredHelp}</p> : null}
        <div className="mt-3 flex flex-wrap gap-3">
          {refusal.kind === 'other' ? (
            <Button onClick={() => void handleConfirm()} disabled={sending}>
              Try again
            </Button>
          ) : (
            <Button onClick={onReload}>{TRIP_PAGE_TEXT.showNewest}</Button>
          )}
          <Button variant="ghost" onClick={onCancel}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  if (confirming) {
    return (
      <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4">
        <p className="font-semibold text-stone-900">
          {TRIP_PAGE_TEXT.acceptConfirm(version.number, total, name.trim())}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="accent" onClick={() => void handleConfirm()} disabled={sending}>
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {sending ? 'Accepting…' : 'Yes, accept'}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={sending}>
            Go back
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <p className="text-stone-700">{TRIP_PAGE_TEXT.acceptIntro}</p>
      <Field label="Your full name" error={nameError} required>
        <input
          ref={input}
          className={inputClass}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          maxLength={QUOTE_LIMITS.acceptName}
          required
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="accent">
          Accept version {version.number}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
