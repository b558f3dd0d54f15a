// How the back office's links to a customer look (the WhatsApp chat and the call), one definition for both.
export const customerLinkClass =
  'text-brand-800 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-800';

/** The pair as actions under a field: an icon and words, a thumb's target on a phone, not small print. */
export const customerActionClass = 'inline-flex items-center gap-1.5 py-1.5 text-sm font-medium';
