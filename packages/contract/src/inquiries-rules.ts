// What pages show of the inquiries before any schema loads, zod-free and small: /contact's first load carries it
// (the trip inquiry form), and so does the frame of the signed-in pages (the dashboards' messages).

// What the trip inquiry form shows before its schema loads (spec §5): hotel types, text limits and the form's
// messages.
export const HOTEL_TYPES = ['budget', 'standard', 'luxury'] as const;

/** Server limits on an inquiry's text fields, in characters (the inquiry schemas enforce them). */
export const INQUIRY_TEXT_LIMITS = {
  name: 100,
  travelingFrom: 100,
  location: 150,
  dropCity: 100,
  tourDuration: 50,
  extraInfo: 2000,
} as const;

export const INQUIRY_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  whatsappRequired: 'Whatsapp number is required',
  emailInvalid: 'A valid email is required',
  locationRequired: 'Location is required',
  adultsRequired: 'Number of adults is required',
  budgetRequired: 'Budget is required and must be a number',
  submitFailed: 'An error occurred. Please try again.',
  created: 'New Inquiry Created!',
} as const;

// Texts of a form's kept input (apps/web/src/lib/form-draft.ts): the inquiry forms' and the package forms'.

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

// Messages and figures of the dashboards (spec §8 texts verbatim); every signed-in page's role guard shows one.
export const DASHBOARD_MESSAGES = {
  fetchFailed: 'Failed to fetch dashboard data',
  dataFailed: 'Failed to fetch data',
  wrongRole: 'You do not have access to that page.',
} as const;

export const DASHBOARD_LIMIT = 10;
/** "Created this month" is counted in the agency's time zone. */
export const AGENCY_TIME_ZONE = 'Asia/Kolkata';
