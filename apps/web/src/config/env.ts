// The web's configuration, read once: the API base (same origin unless VITE_API_URL says otherwise).
export const env = Object.freeze({
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, ''),
});
