// D30 quotations without zod, for the public trip page's first load (quotes.ts holds the schemas): the quotation's
// terms and amounts, line kinds and suppliers' kinds, version statuses, limits, messages and the one totals
// function both sides use.

// The quotation (D27): the payment terms it states (spec §9: 40% advance, the balance at least 24 hours before
// the trip), its amounts and messages.
export const QUOTATION_ADVANCE_SHARE = 0.4;
export const QUOTATION_BALANCE_HOURS = 24;

/** The quoted price split per the terms, in rupees (paise rounded, the balance takes the remainder). */
export function quotationAmounts(totalPackageCost: number): { total: number; advance: number; balance: number } {
  const totalPaise = Math.round(totalPackageCost * 100);
  const advancePaise = Math.round(totalPaise * QUOTATION_ADVANCE_SHARE);
  return { total: totalPaise / 100, advance: advancePaise / 100, balance: (totalPaise - advancePaise) / 100 };
}

/** The terms a quotation summarises (the full terms are on the site's FAQ page). */
export const QUOTATION_TERMS = [
  `A booking is confirmed once we receive an advance of ${QUOTATION_ADVANCE_SHARE * 100}% of the total package cost.`,
  `The balance is due at least ${QUOTATION_BALANCE_HOURS} hours before the start of the trip.`,
  'Hotel check-in is at 1 PM and checkout at 11 AM; early check-in and late checkout depend on availability.',
  'The car is available for up to 10 hours a day within the itinerary’s route.',
  'Prices and availability are not guaranteed until the advance is received.',
  'Cancellations, refunds and the other terms are on our website’s Terms page.',
] as const;

export const QUOTATION_MESSAGES = {
  notReady: 'The quotation is ready once the agency has set the total package cost of this trip.',
  downloadFailed: 'Failed to download the quotation',
  download: 'Download quotation',
  noTotal: 'Set the total package cost before sending a quotation.',
} as const;

// D33's kinds of supplier, beside the quote lines' kinds: the trip answer's schema, which every inquiry form's
// schemas carry, names them without the supplier directory's texts.
export const SUPPLIER_KINDS = ['hotel', 'cab', 'guide', 'activity', 'other'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

// D30 quotations: line kinds, version statuses, limits, messages and the one totals function both sides use.
export const QUOTE_LINE_KINDS = ['hotel', 'cab', 'activity', 'transport', 'other'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

/** `expired` is never stored: a sent version past its validUntil day is answered as expired. */
export const QUOTE_VERSION_STATUSES = ['draft', 'sent', 'accepted', 'superseded', 'expired'] as const;
export type QuoteVersionStatus = (typeof QUOTE_VERSION_STATUSES)[number];

export const QUOTE_LIMITS = {
  days: 60,
  dayTitle: 120,
  dayText: 5_000,
  lines: 100,
  description: 200,
  quantity: 1_000,
  /** Rupees per unit: a crore keeps every product of the totals far inside a double's exact integers. */
  unitRupees: 10_000_000,
  markupPercent: 1_000,
  notes: 5_000,
  listItems: 50,
  listItem: 300,
  /** A new version is valid for this many days unless staff say otherwise. */
  validDays: 7,
  /** validUntil at most this many days ahead. */
  maxValidDays: 365,
  acceptName: 100,
  changeMessage: 2_000,
} as const;

/** [max, window] per client address for the trip link's calls (before the server's RATE_LIMIT_FACTOR). */
export const TRIP_LIMITS = {
  viewPerClient: [60, '1 minute'],
  acceptPerClient: [10, '1 minute'],
  changesPerClient: [5, '10 minutes'],
} as const satisfies Record<string, readonly [number, string]>;

/** What the trip page states as its payment terms (spec §9, D31). */
export const TRIP_TERMS = {
  advancePercent: QUOTATION_ADVANCE_SHARE * 100,
  balanceHoursBefore: QUOTATION_BALANCE_HOURS,
  text: [
    `A booking is confirmed once we receive an advance of ${QUOTATION_ADVANCE_SHARE * 100}% of the total.`,
    `The balance is due at least ${QUOTATION_BALANCE_HOURS} hours before the start of the trip.`,
  ],
} as const;

export const QUOTE_MESSAGES = {
  notFound: 'Quotation not found',
  alreadyExists: 'This inquiry already has a quotation: edit it instead of starting another.',
  accepted: 'This quotation has been accepted and can no longer change.',
  nothingToSend: 'There is no draft to send: edit the quotation to start a new version.',
  noLines: 'Add at least one priced line before sending the quotation.',
  validUntilPast: 'Valid until cannot be in the past',
  validUntilTooFar: `Valid until must be within ${QUOTE_LIMITS.maxValidDays} days`,
  validUntilInvalid: 'Valid until must be a date (YYYY-MM-DD)',
  kindInvalid: `Kind must be one of: ${QUOTE_LINE_KINDS.join(', ')}`,
  descriptionRequired: 'Description is required',
  dayTitleRequired: 'Day title is required',
  quantityInvalid: `Quantity must be a whole number from 1 to ${QUOTE_LIMITS.quantity}`,
  unitTooLarge: `A unit amount can be at most ₹${QUOTE_LIMITS.unitRupees.toLocaleString('en-IN')}`,
  markupInvalid: `Markup must be a percentage from 0 to ${QUOTE_LIMITS.markupPercent}`,
  priceOrMarkup: 'Give either a unit price or a markup percentage',
  tooManyDays: `At most ${QUOTE_LIMITS.days} days`,
  tooManyLines: `At most ${QUOTE_LIMITS.lines} lines`,
  tooManyItems: `At most ${QUOTE_LIMITS.listItems} items`,
  supplierInvalid: 'Supplier is invalid',
  sent: 'Quotation sent',
  linkUnchanged: "The customer's trip link is unchanged and now shows this version.",
  linkRotated: 'A new trip link is ready. The old one no longer works.',
  // The trip link (public)
  tripNotFound: 'This trip link is not valid. Please ask us for a new one.',
  noQuoteYet: 'Your quotation is not ready yet. We will let you know when it is.',
  expired: 'This quotation has expired. Please ask us for an updated quotation.',
  superseded: 'This quotation has been replaced by a newer version. Please review the latest version.',
  alreadyAccepted: 'You have already accepted a quotation for this trip.',
  acceptNameRequired: 'Please type your name to accept the quotation',
  acceptedThanks: 'Thank you! Your quotation is accepted. The advance confirms the booking: see Payments below.',
  changeRequired: 'Please tell us what you would like to change',
  changeTooLong: `Please keep your message under ${QUOTE_LIMITS.changeMessage} characters`,
  changeReceived: 'Thank you! We have your message and will send you an updated quotation.',
  tooManyRequests: 'Too many requests from this connection. Please wait a little and try again.',
  // Following quotations up (issue 51): the back office's My work, and the version's paper
  followUpsTitle: 'Quotations to follow up',
  noFollowUps: 'No quotation is waiting on a customer.',
  followUpsLoading: 'Loading quotations…',
  /** Below the first ten; `atLeast` when the answer stopped at QUOTE_FOLLOW_UP.limit. */
  moreFollowUps: (n: number, atLeast: boolean) => `And ${atLeast ? 'at least ' : ''}${n} more, less urgent.`,
  notViewed: 'Not viewed',
  paperExpired: 'This quotation has expired. Please ask us for an updated quotation.',
} as const;

/** How the builder and the trip page name a line's kind. */
export const QUOTE_LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  hotel: 'Hotel',
  cab: 'Cab',
  activity: 'Activity',
  transport: 'Transport',
  other: 'Other',
};

export const QUOTE_STATUS_LABELS: Record<QuoteVersionStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  superseded: 'Superseded',
  expired: 'Expired',
};

/** The staff's quotation builder on the inquiry's page (apps/web/src/features/quotes). */
export const QUOTE_BUILDER_MESSAGES = {
  title: 'Quotation',
  none: 'No quotation yet. Start one: draft 1 takes its days, inclusions and exclusions from the linked package.',
  noneWithoutPackage: 'No quotation yet. This inquiry has no package, so draft 1 starts empty.',
  start: 'Start quotation',
  startFailed: 'Failed to start the quotation',
  loadFailed: 'Failed to load the quotation',
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  saveDraft: 'Save draft',
  saveFailed: 'Not saved. Your changes are kept here; try again.',
  fixFields: 'Not saved: correct the fields marked below.',
  restored: 'We kept the changes to this draft that had not been saved yet.',
  discard: 'Discard them',
  editNext: (next: number) => `Edit — starts version ${next}`,
  editFailed: 'Failed to start the next version',
  sentReadOnly: 'A sent version never changes: editing starts the next version, copied from this one.',
  acceptedReadOnly: 'The customer accepted this quotation: it can no longer change.',
  acceptedBy: (name: string, at: string) => `Accepted by ${name} on ${at}`,
  acceptedFrom: (ip: string, userAgent: string) =>
    `From ${ip || 'an unknown address'}, ${userAgent || 'an unknown browser'}`,
  send: 'Send to customer',
  sendFailed: 'Failed to send the quotation',
  newLink: 'New trip link',
  confirmNewLink: "Make a new trip link? The customer's current link stops working at once: send them the new one.",
  newLinkFailed: 'Failed to make a new trip link',
  linkOnce: 'Copy or share it now: the link is shown only once (make a new one if it is lost).',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Copy failed: select the link and copy it by hand.',
  sendOnWhatsApp: 'Send on WhatsApp',
  noWhatsApp: "The customer's number has no country code, so no WhatsApp link can be made.",
  noLink: 'No trip link yet: sending the quotation makes one.',
  versions: 'Versions',
  days: 'Itinerary by day',
  addDay: 'Add day',
  dayTextHint: 'Text between ** and ** shows in bold, as on the package pages.',
  noDays: 'No days yet.',
  lines: 'Priced lines',
  addLine: 'Add line',
  noLines: 'No lines yet: add the hotels, cabs and activities with their cost and price.',
  totals: 'Totals',
  noGst: 'No GST is added until the agency’s GSTIN is configured.',
  validUntil: 'Valid until',
  validUntilHint: 'The customer can accept until the end of this day (India time).',
  notes: 'Notes for the customer',
  inclusions: 'Inclusions',
  exclusions: 'Exclusions',
  listHint: 'One item per line.',
} as const;

/** The WhatsApp message staff send with the trip link. */
export const tripWhatsAppText = (customerName: string, agencyName: string, url: string) =>
  `Hello ${customerName}, here is your trip quotation from ${agencyName}: ${url} ` +
  'You can see the itinerary and prices, accept it or ask us for changes there.';

/**
 * The lines a quotation writes in its inquiry's timeline: staff-only notes marked with this `field`, so the
 * timeline tells them from the staff's own notes.
 */
export const QUOTE_EVENT_FIELD = 'quote';

export const quoteEventText = {
  sent: (version: number) => `Quotation version ${version} sent`,
  changes: (message: string) => `Changes asked for: ${message}`,
  accepted: (version: number, name: string, ip: string, userAgent: string) =>
    `Quotation version ${version} accepted by ${name} (from ${ip || 'an unknown address'}, ` +
    `${userAgent || 'an unknown browser'})`,
} as const;

/** The trip page (D30): its path, and the title and description the server writes into its HTML (never indexed). */
export const TRIP_PAGE = {
  path: '/trip',
  title: 'Your trip quotation',
  description: (site: string) =>
    `Your quotation from ${site}: the day-by-day plan, the price, and how to accept it or ask for changes.`,
} as const;

/** What the trip page tells the customer (D30); the server's own messages are QUOTE_MESSAGES. */
export const TRIP_PAGE_TEXT = {
  quotationPdf: 'Quotation (PDF)',
  linkGoneTitle: 'This link does not work any more',
  linkGone: 'It may have been replaced by a newer link. Please ask us for a new one on WhatsApp or by phone.',
  loadFailed: 'We could not load your quotation. Please check your connection and try again.',
  notReadyTitle: 'Your quotation is on its way',
  validUntil: (day: string) => `Valid until ${day}`,
  expiredTitle: 'This quotation has expired',
  expiredHelp:
    'Prices and availability may have changed since. Ask us for an updated quotation with “Ask for changes” below, or call or WhatsApp us.',
  acceptedBy: (name: string, when: string) => `Accepted by ${name} on ${when}`,
  acceptedNext: 'The advance confirms the booking: see Payments below for what is due and how to pay.',
  supersededHelp: 'Please read the newest version before you accept.',
  showNewest: 'Show the newest version',
  acceptIntro: 'Type your full name to accept this quotation. It confirms the plan and the price shown here.',
  acceptConfirm: (version: number, total: string, name: string) => `Accept version ${version} for ${total} as ${name}?`,
  acceptFailed: 'Your acceptance was not recorded. Please try again.',
  changesIntro: 'Tell us what you would like to change: dates, hotels, activities, the budget…',
  changesFailed: 'Your message was not sent; it is still in the box. Please try again.',
  compareTitle: (current: number, earlier: number) => `Version ${current} compared with version ${earlier}`,
  compareSame: 'The lines and prices are the same in both versions.',
  staffPreview: 'This is what the customer sees. Only the customer can accept it or ask for changes.',
} as const;

/** Issue 51: when a sent version comes back to its handler's My work (or the Owners', for an unassigned inquiry). */
export const QUOTE_FOLLOW_UP = {
  /** Sent this long ago and never opened since. */
  notViewedHours: 48,
  /** At most this many entries in one answer, the most urgent first. */
  limit: 50,
} as const;

/** A version as staff and customers name it: "Quotation v2". */
export const quoteVersionTitle = (version: number) => `Quotation v${version}`;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long ago an instant was, in the largest whole unit: "just now", "5 minutes ago", "2 hours ago", "3 days ago". */
export function timeAgo(iso: string, at: number): string {
  const ms = Math.max(0, at - Date.parse(iso));
  if (ms < MINUTE_MS) return 'just now';
  if (ms < HOUR_MS) return `${count(Math.floor(ms / MINUTE_MS), 'minute')} ago`;
  if (ms < DAY_MS) return `${count(Math.floor(ms / HOUR_MS), 'hour')} ago`;
  return `${count(Math.floor(ms / DAY_MS), 'day')} ago`;
}

/** Why a quotation is in My work: "Quotation v2 sent 3 days ago, not viewed" / "Quotation v1 expires tomorrow". */
export function quoteFollowUpText(
  entry: { version: number; sentAt: string; notViewed: boolean; expiresTomorrow: boolean },
  at: number,
): string {
  const title = quoteVersionTitle(entry.version);
  const unseen = `${title} sent ${timeAgo(entry.sentAt, at)}, not viewed`;
  if (entry.notViewed && entry.expiresTomorrow) return `${unseen}; it expires tomorrow`;
  return entry.notViewed ? unseen : `${title} expires tomorrow`;
}

/** The inquiry list's word on a sent version: "Viewed 3 times, last 2 hours ago", "Viewed once, …", "Not viewed". */
export function quoteViewsText(seen: { views: number; lastViewedAt: string | null }, at: number): string {
  if (seen.views <= 0 || seen.lastViewedAt === null) return QUOTE_MESSAGES.notViewed;
  const times = seen.views === 1 ? 'once' : `${seen.views.toLocaleString('en-IN')} times`;
  return `Viewed ${times}, last ${timeAgo(seen.lastViewedAt, at)}`;
}

/** A line's amounts, in integer paise: a unit price, or a markup on the unit cost. */
export interface QuoteLineAmounts {
  kind: QuoteLineKind;
  quantity: number;
  unitCostPaise: number;
  unitPricePaise?: number | null;
  /** A percentage with at most two decimals, used only when unitPricePaise is absent. */
  markupPercent?: number | null;
}

export interface QuoteTotals {
  costPaise: number;
  pricePaise: number;
  /** price − cost; negative when the agency sells below cost. */
  marginPaise: number;
  gstPaise: number;
  /** price + GST: what the customer pays. */
  totalPaise: number;
  perTravellerPaise: number;
  /** The costs of the hotel lines, of the cab lines and of every other line (D30's money fields). */
  hotelCostPaise: number;
  cabCostPaise: number;
  otherCostPaise: number;
}

/** a × b / d, rounded half up, exactly (BigInt: the products may pass 2^53). a, b ≥ 0, d > 0. */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const n = BigInt(a) * BigInt(b) * BigInt(2) + BigInt(d);
  return Number(n / (BigInt(d) * BigInt(2)));
}

/** A percentage with at most two decimals as basis points (5 % → 500). */
const basisPoints = (percent: number) => Math.round(percent * 100);

/** The unit price of a line: given, or the unit cost with its markup, rounded half up to the paisa. */
export function lineUnitPricePaise(line: QuoteLineAmounts): number {
  if (line.unitPricePaise !== undefined && line.unitPricePaise !== null) return line.unitPricePaise;
  return mulDivHalfUp(line.unitCostPaise, 10_000 + basisPoints(line.markupPercent ?? 0), 10_000);
}

/**
 * The totals of a version, in integer paise. The one rounding rule: a value that is not a whole number of paise
 * (a marked-up unit price, the GST, the share per traveller) is rounded half up to the paisa where it arises, once;
 * everything else is a sum of whole paise, so cost, price and margin are exact and total = price + GST.
 * `gstPercent` is 0 while the agency has no GSTIN (D32); `travellers` is at least 1.
 */
export function quoteTotals(lines: readonly QuoteLineAmounts[], travellers: number, gstPercent: number): QuoteTotals {
  let costPaise = 0;
  let pricePaise = 0;
  const costOf: Record<'hotel' | 'cab' | 'other', number> = { hotel: 0, cab: 0, other: 0 };
  for (const line of lines) {
    const cost = line.quantity * line.unitCostPaise;
    costPaise += cost;
    pricePaise += line.quantity * lineUnitPricePaise(line);
    costOf[line.kind === 'hotel' || line.kind === 'cab' ? line.kind : 'other'] += cost;
  }
  const gstPaise = mulDivHalfUp(pricePaise, basisPoints(gstPercent), 10_000);
  const totalPaise = pricePaise + gstPaise;
  return {
    costPaise,
    pricePaise,
    marginPaise: pricePaise - costPaise,
    gstPaise,
    totalPaise,
    perTravellerPaise: mulDivHalfUp(totalPaise, 1, Math.max(1, Math.trunc(travellers))),
    hotelCostPaise: costOf.hotel,
    cabCostPaise: costOf.cab,
    otherCostPaise: costOf.other,
  };
}

export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
export const paiseToRupees = (paise: number) => paise / 100;
