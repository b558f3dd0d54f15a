// Where unsent form input is kept (lib/form-draft.ts): the tab's sessionStorage, one entry per form and signed-in
// user. Apart from the hook so that the log-out in every page's frame forgets drafts without loading a form library.

export const DRAFT_PREFIX = 'safarnama.draft:';

/** Forgets every draft of this tab (an explicit log-out: the next person at this browser sees none). */
export function clearDrafts() {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i) ?? '');
    keys.filter((k) => k.startsWith(DRAFT_PREFIX)).forEach((k) => sessionStorage.removeItem(k));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
