// The quotation (D27): the payment terms it states (spec §9: 40% advance, the balance at least 24 hours before
// the trip), its amounts and messages; zod-free so the web's inquiry pages can share them.

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
