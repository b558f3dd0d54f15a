// A form's unsent input kept in the tab and offered back when the form opens again (docs/ARCHITECTURE.md,
// "Departures"): a reload, a link followed by mistake or a session that expired before Save loses nothing.
// Drafts are kept per signed-in user (lib/draft-storage.ts) and forgotten at an explicit log-out.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { draftStorageKey } from './draft-storage';
import { useSession } from './session';

/** What is kept: the form's text values, and the version of the record an edit began from. */
interface Stored {
  values: Record<string, string>;
  base?: string;
}

function readDraft(key: string): Stored | undefined {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<Stored> | null;
    return parsed && typeof parsed.values === 'object' && parsed.values !== null ? (parsed as Stored) : undefined;
  } catch {
    // Unavailable storage (private mode) or a value written by something else: no draft.
    return undefined;
  }
}

function writeDraft(key: string, stored: Stored | undefined) {
  try {
    if (stored) sessionStorage.setItem(key, JSON.stringify(stored));
    else sessionStorage.removeItem(key);
  } catch {
    // Full or unavailable storage: the form works as before, without a draft.
  }
}

/** Why a draft was offered back: `changed` when the record it edits has been saved by someone since. */
type DraftNoticeKind = 'restored' | 'changed';

/** The text fields of `values` that differ from `defaults`, or undefined when none does. */
function changedFields(values: FieldValues, defaults: FieldValues): Record<string, string> | undefined {
  const changed = Object.entries(values).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== defaults[entry[0]],
  );
  return changed.length > 0 ? Object.fromEntries(changed) : undefined;
}

export interface FormDraft {
  /** Set when the form opened with a kept draft, until it is discarded or the form is sent. */
  notice: DraftNoticeKind | null;
  /** Puts the form back to its defaults and forgets the draft. */
  discard: () => void;
  /** Forgets the draft once the form has been sent. */
  clear: () => void;
}

/**
 * react-hook-form's useForm, with the form's text values kept as a draft under `draftKey` (per signed-in user) and
 * offered back over `defaults` when the form opens again. `base` names the version of the record being edited
 * (its updatedAt), so a draft begun from an older one says so.
 */
export function useDraftForm<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  draftKey: string,
  defaults: DefaultValues<TFieldValues>,
  options: Omit<UseFormProps<TFieldValues, TContext, TTransformed>, 'defaultValues'> & { base?: string } = {},
): UseFormReturn<TFieldValues, TContext, TTransformed> & { draft: FormDraft } {
  const { base, ...formOptions } = options;
  const { user } = useSession();
  const key = draftStorageKey(user?.id, draftKey);
  const [found] = useState(() => readDraft(key));
  const [notice, setNotice] = useState<DraftNoticeKind | null>(
    found ? (base !== undefined && found.base !== base ? 'changed' : 'restored') : null,
  );
  const form = useForm<TFieldValues, TContext, TTransformed>({
    ...formOptions,
    defaultValues: found ? ({ ...defaults, ...kept(found.values, defaults) } as DefaultValues<TFieldValues>) : defaults,
  });

  // The first render's: a new record remounts the form (its key). An edit's draft keeps the version it began from.
  const first = useRef({ defaults, base: found?.base ?? base });
  const { subscribe, reset } = form;
  useEffect(
    () =>
      // Only what differs from the defaults is kept: a form put back as it was leaves no draft behind.
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const changed = changedFields(values, first.current.defaults);
          writeDraft(key, changed ? { values: changed, base: first.current.base } : undefined);
        },
      }),
    [subscribe, key],
  );

  const clear = useCallback(() => {
    writeDraft(key, undefined);
    setNotice(null);
  }, [key]);
  const discard = useCallback(() => {
    first.current.base = base;
    reset(first.current.defaults);
    clear();
  }, [reset, clear, base]);

  return { ...form, draft: { notice, discard, clear } };
}

/** The kept values of fields the form still has (a draft from an older build may name others). */
function kept(values: Record<string, string>, defaults: FieldValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => k in defaults && typeof v === 'string'));
}
