// What every page's frame loads, zod-free and small, as each byte of it is in every public page's first load:
// the WhatsApp chat link, the frame's messages and the id's limit.

// The id's limit, apart from the schemas (common.ts) so that code on a page's first load can check it.

/** Opaque ids are at most this long (UUIDv7 on the server); a longer one is never found. */
export const ID_MAX_LENGTH = 64;

// The WhatsApp chat link of the floating button.
const WHATSAPP_GREETING = 'Hello! I would like to know more about your tour packages.';

/** The wa.me link of the floating chat button. */
export const whatsappLink = (digits: string, text = WHATSAPP_GREETING) =>
  `https://wa.me/${digits.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;

// The message every page's frame may show (lib/session.tsx), apart from AUTH_MESSAGES so the first load of every
// public page carries this one line, not every sign-up and login text.
export const SESSION_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

/** Texts of the site's frame (spec §2). */
export const SITE_MESSAGES = {
  notFound: '404 - Page Not Found',
} as const;
