// Where unsent form input is kept (lib/form-draft.ts): the tab's sessionStorage, one entry per form and signed-in
// user. Apart from the hook so that the log-out in every page's frame forgets drafts without loading a form library.

export const DRAFT_PREFIX = 'safarnama.draft:';

/** Where a signed-in user's (or a visitor's) draft of a form is kept. */
export const draftStorageKey = (userId: string | undefined, draftKey: string) =>
  `${DRAFT_PREFIX}${userId ?? 'visitor'}:${draftKey}`;

/**
 * Writes a form's draft as the form keeps it (lib/form-draft.ts), for input that comes back from elsewhere: an
 * inquiry the server refused after it waited offline (D34), offered back when its form opens.
 */
export function saveDraft(userId: string | undefined, draftKey: string, values: Record<string, string>) {
  try {
    sessionStorage.setItem(draftStorageKey(userId, draftKey), JSON.stringify({ values }));
  } catch {
    // Full or unavailable storage: the form opens with the values as its defaults instead.
  }
}

/** Forgets every draft of this tab (an explicit log-out: the next person at this browser sees none). */
export function clearDrafts() {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i) ?? '');
    keys.filter((k) => k.startsWith(DRAFT_PREFIX)).forEach((k) => sessionStorage.removeItem(k));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
