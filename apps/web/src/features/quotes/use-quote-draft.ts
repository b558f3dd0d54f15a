// A draft version in the builder: the form, saved to the server after a pause in typing (and on demand), with
// what is not saved yet kept in the tab so that a reload or a failed save loses nothing (lib/draft-storage.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Quote, QuoteVersion } from '@safarnama/contract/quotes';
import { QUOTE_BUILDER_MESSAGES } from '@safarnama/contract/quotes-rules';
import { ApiError, errorMessage } from '../../lib/api-client';
import { DRAFT_PREFIX } from '../../lib/draft-storage';
import { useSession } from '../../lib/session';
import { useSaveQuote } from './api/save-quote';
import { bodyFromForm, checkForm, errorsByRow, formFromVersion, type QuoteErrors, type QuoteForm } from './quote-form';

/** How long typing must pause before the draft saves itself. */
const AUTOSAVE_DELAY_MS = 1500;

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

function readKept(key: string): QuoteForm | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as QuoteForm | null;
    return kept && Array.isArray(kept.days) && Array.isArray(kept.lines) ? kept : undefined;
  } catch {
    // Unavailable storage or a value written by something else: nothing kept.
    return undefined;
  }
}

function writeKept(key: string, form: QuoteForm | undefined) {
  try {
    if (form) sessionStorage.setItem(key, JSON.stringify(form));
    else sessionStorage.removeItem(key);
  } catch {
    // Full or unavailable storage: the builder works on, without the copy in the tab.
  }
}

export interface QuoteDraft {
  form: QuoteForm;
  /** Replaces the form (an edit); the field names in `touched` lose their errors until the next save. */
  change: (next: QuoteForm, touched?: string[]) => void;
  errors: QuoteErrors;
  state: SaveState;
  /** Saves now; true once the server holds the form as it is. */
  save: () => Promise<boolean>;
  /** Shows errors a later call answered for the saved form (a send refused for its lines or its validity). */
  showErrors: (errors: Record<string, string>) => void;
  /** Set when the builder opened with changes kept from before a reload. */
  restored: boolean;
  /** Drops the kept changes and shows the version as the server has it. */
  discardRestored: () => void;
}

export function useQuoteDraft(quote: Quote, version: QuoteVersion): QuoteDraft {
  const { user } = useSession();
  const keptKey = `${DRAFT_PREFIX}${user?.id ?? 'visitor'}:quote:${version._id}`;
  const [initial] = useState(() => {
    const kept = readKept(keptKey);
    return { form: kept ?? formFromVersion(version), restored: kept !== undefined };
  });
  const [form, setForm] = useState(initial.form);
  const [restored, setRestored] = useState(initial.restored);
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [state, setState] = useState<SaveState>(initial.restored ? { kind: 'unsaved' } : { kind: 'saved' });
  const { mutateAsync: saveQuote } = useSaveQuote(quote.inquiryId);

  // Edits count up; a save records the count it sent, so an answer never marks later typing as saved.
  const latest = useRef({ form: initial.form, revision: initial.restored ? 1 : 0 });
  const savedRevision = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);

  const change = useCallback(
    (next: QuoteForm, touched: string[] = []) => {
      latest.current = { form: next, revision: latest.current.revision + 1 };
      setForm(next);
      setRestored(false);
      writeKept(keptKey, next);
      setState((s) => (s.kind === 'saving' ? s : { kind: 'unsaved' }));
      if (touched.length > 0) {
        setErrors((e) => {
          const left = { ...e };
          for (const key of touched) delete left[key];
          return left;
        });
      }
    },
    [keptKey],
  );

  const saveOnce = useCallback(async (): Promise<boolean> => {
    const { form: sent, revision } = latest.current;
    const problems = checkForm(sent);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setState({ kind: 'invalid' });
      return false;
    }
    setState({ kind: 'saving' });
    try {
      await saveQuote({ quoteId: quote._id, body: bodyFromForm(sent) });
    } catch (err) {
      const fromServer = err instanceof ApiError && err.errors ? errorsByRow(err.errors, sent) : {};
      setErrors(fromServer);
      setState(
        Object.keys(fromServer).length > 0
          ? { kind: 'invalid' }
          : { kind: 'failed', message: errorMessage(err, QUOTE_BUILDER_MESSAGES.saveFailed) },
      );
      return false;
    }
    savedRevision.current = revision;
    setErrors({});
    const current = latest.current.revision === revision;
    if (current) writeKept(keptKey, undefined);
    setState(current ? { kind: 'saved' } : { kind: 'unsaved' });
    setRestored(false);
    return current;
  }, [keptKey, quote._id, saveQuote]);

  const save = useCallback(async (): Promise<boolean> => {
    // One save at a time: a save asked for meanwhile waits, then sends what is newest.
    while (inFlight.current) await inFlight.current;
    if (savedRevision.current === latest.current.revision) return true;
    const run = saveOnce();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [saveOnce]);

  // Autosave: a pause after the last edit. A refused save waits for the next edit (or Save draft); changes kept
  // from before a reload wait for the user to keep them (an edit or Save draft) or discard them.
  useEffect(() => {
    if (state.kind !== 'unsaved' || restored) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, state.kind, restored, save]);

  const discardRestored = useCallback(() => {
    const fresh = formFromVersion(version);
    writeKept(keptKey, undefined);
    latest.current = { form: fresh, revision: latest.current.revision + 1 };
    savedRevision.current = latest.current.revision;
    setForm(fresh);
    setErrors({});
    setState({ kind: 'saved' });
    setRestored(false);
  }, [keptKey, version]);

  const showErrors = useCallback((answered: Record<string, string>) => {
    setErrors(errorsByRow(answered, latest.current.form));
  }, []);

  return { form, change, errors, state, save, showErrors, restored, discardRestored };
}
