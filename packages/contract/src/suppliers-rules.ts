// D33 booking requests without zod, for the supplier's page (/supplier/{token}) at first paint: statuses, limits,
// messages and the words of the staff's Bookings panel, that page and the mails (suppliers.ts holds the schemas).

// D33 booking requests: statuses, limits and messages.
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

// D33 booking requests: the words of the staff's Bookings panel, the supplier's page (/supplier/{token}) and the
// mails to suppliers and handlers.

/** The supplier's page (D33): its path, and the title and description the server writes into its HTML (noindex). */
export const SUPPLIER_PAGE = {
  path: '/supplier',
  title: 'Booking request',
  description: (site: string) => `A booking request from ${site}: confirm it or decline it.`,
} as const;

/** "2 adults, 1 kid": the travellers as the supplier's page and mails count them. */
export const travellersText = (adults: number, kids: number) =>
  [
    `${adults} ${adults === 1 ? 'adult' : 'adults'}`,
    ...(kids > 0 ? [`${kids} ${kids === 1 ? 'kid' : 'kids'}`] : []),
  ].join(', ');

/** A booking line as a supplier reads it: "Deluxe room, 3 nights × 2" (the description says what is counted). */
export const bookingLineText = (line: { description: string; quantity: number }) =>
  line.quantity === 1 ? line.description : `${line.description} × ${line.quantity}`;

/** The timeline's line when staff send a request again: its old link stops working. */
export const bookingResentText = (supplier: string) =>
  `Booking request sent again to ${supplier} (a new link; the previous one no longer works)`;

/** The mails of a booking request (D25's outbox). */
export const BOOKING_MAIL_TEXT = {
  requestSubject: (agency: string, traveller: string) => `${agency}: booking request for ${traveller}`,
  requestGreeting: (supplier: string, agency: string) =>
    `Hello ${supplier}, ${agency} would like to book the following with you. Please confirm it with your ` +
    'confirmation number, or decline it, with the link below. The link can be used once.',
  requestLink: 'Confirm or decline the booking',
  handlerSubject: (event: string, traveller: string) => `${event} — ${traveller}`,
  allConfirmed: 'Every booking of this trip is now confirmed: the inquiry can be set to Booked.',
  openInquiry: 'Open the inquiry',
} as const;

/** The staff's Bookings panel on the inquiry page. */
export const BOOKING_PANEL_TEXT = {
  title: 'Bookings',
  loadFailed: 'Failed to load the bookings',
  none: "Bookings follow the customer's acceptance: one per supplier named on the accepted quotation's lines.",
  status: {
    pending: 'Not sent',
    requested: 'Requested',
    confirmed: 'Confirmed',
    declined: 'Declined',
  } satisfies Record<BookingStatus, string>,
  confirmationNo: (n: string) => `Confirmation no. ${n}`,
  declinedBecause: (reason: string) => `Reason: ${reason}`,
  send: 'Send request',
  sendAll: (n: number) => `Send ${n === 1 ? 'the request' : `all ${n} requests`}`,
  sendAgain: 'Send again',
  sendAgainHint: 'A new link is made and mailed; the previous link stops working.',
  sent: (supplier: string, mailed: boolean) =>
    mailed
      ? `Request mailed to ${supplier}.`
      : `Request ready for ${supplier} (no e-mail address: send it on WhatsApp).`,
  whatsapp: 'Send on WhatsApp',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  recordPhone: 'Record a phone confirmation',
  confirmationLabel: 'Confirmation number',
  save: 'Save confirmation',
  cancel: 'Cancel',
  phoneRecorded: 'Confirmation recorded',
  allConfirmed: 'All bookings confirmed',
  setBooked: 'Set status to Booked',
  isBooked: 'The inquiry is Booked.',
  bookedSet: 'Status set to Booked',
  requestedOn: (when: string) => `Requested ${when}`,
  answeredBy: (who: string, when: string) =>
    `Answered ${who === 'supplier' ? 'by the supplier' : `by ${who}`}, ${when}`,
} as const;

/** The supplier's page, /supplier/{token}. */
export const SUPPLIER_PAGE_TEXT = {
  heading: (agency: string) => `Booking request from ${agency}`,
  addressedTo: (supplier: string) => `For ${supplier}`,
  traveller: 'Guest',
  travellers: 'Travellers',
  travelDate: 'Arrival',
  duration: 'Duration',
  provide: 'Please provide',
  notSet: 'Not set yet',
  confirm: 'Confirm booking',
  decline: 'Decline',
  confirmationLabel: 'Your confirmation number',
  reasonLabel: 'Why you cannot take it',
  sendConfirm: 'Confirm',
  sendDecline: 'Send decline',
  back: 'Back',
  confirmedTitle: 'Booking confirmed',
  declinedTitle: 'Booking declined',
  answeredAlready: 'This request has already been answered, so this link cannot change it.',
  yourNumber: (n: string) => `Confirmation no. ${n}`,
  thanks: 'Thank you. The agency has been told.',
  question: (agency: string) => `Questions? Call ${agency}`,
  wrongTitle: 'This link is not valid',
  expiredTitle: 'This link has expired',
  loadFailed: 'We could not load the request. Please check your connection and try again.',
  tryAgain: 'Try again',
} as const;
