// The two-digit GST codes of today's states and union territories as one pattern, and the message for another:
// tiny and zod-free, because the inquiry schemas (which every inquiry form's bundle carries, the public one too)
// check the customer's state with it. gst-rules.ts holds the list with the names; a test keeps the two in step.

/** 01–24, 26, 27, 29–38: GST_STATES' codes (25 and 28 are retired). */
export const GST_STATE_CODE = /^(0[1-9]|1\d|2[0-4679]|3[0-8])$/;

export const GST_STATE_MESSAGE = 'Choose a state or union territory of India.';
