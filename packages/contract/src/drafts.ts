// Texts of the kept form input (apps/web/src/lib/form-draft.ts), apart from messages.ts so that only the pages with
// such a form load them.

/**
 * Not in the spec: a form's unsent input is kept in the tab (a reload, a link followed by mistake, a session that
 * expired before Save) and offered back when the form opens again (docs/ARCHITECTURE.md, "Departures").
 */
export const DRAFT_MESSAGES = {
  restored: 'We kept what you had entered here and not yet sent.',
  restoredChanged:
    'We kept the changes you had not saved, but this record has been changed since: check them before saving.',
  imagesNotKept: 'Images are not kept: choose them again.',
  discard: 'Discard',
} as const;
