// D32's invoices and credit notes, zod-free for the web's pages: their messages and limits, and the titles the
// papers carry.

export const INVOICE_LIMITS = {
  /** A credit note's reason, as it is printed. */
  reason: 300,
  /** The customer's postal address, as it is printed (Rule 46(d): the recipient's name and address). */
  address: 300,
} as const;

/** The papers a trip page lists (D32): an invoice or a credit note against it. */
export const TRIP_PAPER_KINDS = ['invoice', 'creditNote'] as const;
export type TripPaperKind = (typeof TRIP_PAPER_KINDS)[number];

/** A registered agency's invoice is a tax invoice (Rule 46); an unregistered one's a plain invoice. */
export const invoiceTitle = (taxInvoice: boolean) => (taxInvoice ? 'Tax invoice' : 'Invoice');
export const CREDIT_NOTE_TITLE = 'Credit note';

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  creditNoteNotFound: 'Credit note not found',
  notAccepted: 'The customer has not accepted a quotation yet: an invoice is issued for an accepted quotation.',
  alreadyInvoiced:
    'This inquiry already has an invoice that is not fully credited. Issue a credit note against it first.',
  noGstOnVersion:
    'The accepted quotation was priced without GST, but the agency is registered: its tax invoice needs GST.',
  stateRequired: "Choose the customer's state or union territory: it is the place of supply of a tax invoice.",
  gstinStateMismatch: "The customer's GSTIN is registered in another state than the one chosen.",
  amountRequired: 'Amount must be more than zero',
  amountTooLarge: (remaining: string) => `At most ${remaining} of this invoice is not yet credited.`,
  fullyCredited: 'This invoice is fully credited already.',
  reasonRequired: 'Say why the amount is credited',
  reasonTooLong: `Reason must be at most ${INVOICE_LIMITS.reason} characters`,
  /** Under the address field: Rule 46(e) asks for it on an unregistered customer's invoice of ₹50,000 or more. */
  addressHint: 'Printed under the name. GST rules ask for it when the invoice is ₹50,000 or more.',
  issued: (number: string) => `Invoice ${number} issued and mailed to the customer`,
  creditNoteIssued: (number: string) => `Credit note ${number} issued and mailed to the customer`,
  exportFailed: 'Failed to export the invoices',
  downloadFailed: 'Failed to download the paper',
  listFailed: 'Failed to load the invoices',
} as const;
