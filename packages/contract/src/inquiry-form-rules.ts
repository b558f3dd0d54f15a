// What the trip inquiry form shows before its schema loads (spec §5): hotel types, text limits and the form's messages. Apart
// from inquiry-rules.ts (which re-exports them) so that the public form's first load carries only these.

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
