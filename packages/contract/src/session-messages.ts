// The message every page's frame may show (lib/session.tsx), apart from AUTH_MESSAGES so the first load of every
// public page carries this one line, not every sign-up and login text. Zod-free.
export const SESSION_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;
