// Asking for changes (D30): the customer's message goes to the agency's timeline and their handler's mail. What
// they typed is kept in the tab until it is sent, so an error, a reload or a lost connection loses nothing.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Send } from 'lucide-react';
import { QUOTE_LIMITS, QUOTE_MESSAGES, TRIP_PAGE_TEXT } from '@safarnama/contract/quotes-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { DRAFT_PREFIX } from '../../../lib/draft-storage';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { requestTripChanges } from '../api/request-trip-changes';
import { sourceKey, type TripSource } from '../api/trip-source';

function readStored(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    // Storage unavailable (private mode): the text lives in the page only.
    return '';
  }
}

function writeStored(key: string, text: string) {
  try {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}

export function ChangesForm({ source, onCancel }: { source: TripSource; onCancel: () => void }) {
  // Under the drafts' prefix, so an explicit log-out forgets it with the other drafts (lib/draft-storage.ts).
  const storageKey = `${DRAFT_PREFIX}trip-changes:${sourceKey(source)}`;
  const [message, setMessage] = useState(() => readStored(storageKey));
  const [fieldError, setFieldError] = useState<string>();
  const [sendError, setSendError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [received, setReceived] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => writeStored(storageKey, message), [storageKey, message]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSendError(undefined);
    if (!message.trim()) {
      setFieldError(QUOTE_MESSAGES.changeRequired);
      box.current?.focus();
      return;
    }
    setFieldError(undefined);
    setSending(true);
    try {
      const answer = await requestTripChanges(source, message);
      setReceived(answer.message);
      setMessage('');
    } catch (err) {
      const field = err instanceof ApiError ? err.errors?.message : undefined;
      if (field) setFieldError(field);
      else setSendError(errorMessage(err, TRIP_PAGE_TEXT.changesFailed));
    } finally {
      setSending(false);
    }
  };

  if (received) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        <p className="flex items-start gap-2 font-semibold">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {received}
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Button variant="outline" size="sm" onClick={() => setReceived(undefined)}>
            Send another message
          </Button>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="space-y-4">
      <Field label="What would you like to change?" hint={TRIP_PAGE_TEXT.changesIntro} error={fieldError} required>
        <textarea
          ref={box}
          className={`${inputClass} min-h-32`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={QUOTE_LIMITS.changeMessage}
          rows={5}
          required
        />
      </Field>
      {sendError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {sendError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={sending}>
          <Send className="size-4" aria-hidden="true" />
          {sending ? 'Sending…' : 'Send message'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
