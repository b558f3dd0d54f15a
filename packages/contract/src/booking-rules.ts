// D33 booking requests: statuses, limits and messages (zod-free: the supplier's page imports them; bookings.ts holds
// the schemas).

export const BOOKING_STATUSES = ['pending', 'requested', 'confirmed', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_LIMITS = {
  confirmationNumber: 60,
  reason: 500,
  /** A supplier link works until this many days after the travel date (or after it was sent, without one). */
  linkDaysAfterTravel: 30,
  linkDaysWithoutTravelDate: 180,
} as const;

/** [max, window] per client address for the supplier link's calls (before the server's RATE_LIMIT_FACTOR). */
export const SUPPLIER_LINK_LIMITS = {
  viewPerClient: [60, '1 minute'],
  answerPerClient: [10, '1 minute'],
} as const satisfies Record<string, readonly [number, string]>;

export const BOOKING_MESSAGES = {
  notAccepted: 'The customer has not accepted a quotation yet: bookings follow an acceptance.',
  noSuppliers: 'No line of the accepted quotation names a supplier: name them on the lines first.',
  notFound: 'Booking not found',
  linkNotFound: 'This booking link is not valid. Please ask the agency for a new one.',
  linkExpired: 'This booking link has expired. Please contact the agency.',
  alreadyAnswered: 'This booking request has already been answered. Nothing was changed.',
  confirmationRequired: 'Please give your confirmation number',
  reasonRequired: 'Please say why you cannot take this booking',
  actionInvalid: 'action must be confirm or decline',
  confirmed: 'Thank you: the booking is confirmed.',
  declined: 'Thank you: we have your answer and will look for another option.',
  tooManyRequests: 'Too many requests from this connection. Please wait a little and try again.',
} as const;

/** The timeline's lines of a booking (staff only). */
export const bookingEventText = {
  requested: (supplier: string) => `Booking request sent to ${supplier}`,
  confirmed: (supplier: string, number: string) => `${supplier} confirmed the booking (no. ${number})`,
  confirmedByStaff: (supplier: string, number: string) => `Booking with ${supplier} confirmed by phone (no. ${number})`,
  declined: (supplier: string, reason: string) => `${supplier} declined the booking: ${reason}`,
} as const;

/** The WhatsApp message staff send a supplier with the request's link. */
export const bookingWhatsAppText = (supplier: string, agency: string, url: string) =>
  `Hello ${supplier}, ${agency} has a booking request for you. Please confirm or decline here: ${url}`;
