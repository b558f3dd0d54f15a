// D34: the installable app (its web manifest, the new-version prompt) and what the app says about working without
// a connection; zod-free, as the home and trip pages show it at first paint.

// D34: the installable app's web manifest. The server writes it with the agency's name (SITE_NAME), so one build
// serves every agency; the colours are the web's brand colours (apps/web/src/index.css --color-brand-800, sand-50).
export const APP_MANIFEST = {
  path: '/manifest.webmanifest',
  /** The service worker the build writes (vite-plugin-pwa); served uncached so a new version is found at once. */
  serviceWorkerPath: '/sw.js',
  /** Where the installed app opens: the home page, which lists the trips kept on the device (D34). */
  startUrl: '/',
  themeColor: '#0f4c5c',
  backgroundColor: '#fbf9f6',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;

/** The manifest's JSON for an agency: its name, a short name for the home screen, and how the app opens. */
export function appManifest(siteName: string) {
  return {
    id: '/',
    name: siteName,
    short_name: siteName.length <= 12 ? siteName : siteName.slice(0, 12).trimEnd(),
    description: `${siteName}: tour packages, your trip and your inquiries.`,
    start_url: APP_MANIFEST.startUrl,
    scope: '/',
    display: 'standalone',
    theme_color: APP_MANIFEST.themeColor,
    background_color: APP_MANIFEST.backgroundColor,
    icons: APP_MANIFEST.icons,
  };
}

/** The prompt shown when a new build of the app is ready (apps/web/src/pwa). */
export const APP_UPDATE_MESSAGES = {
  ready: 'New version — reload',
} as const;

// D34: what the app says about working without a connection: the trip page's saved copy and the staff's queue of
// inquiries taken offline.
export const OFFLINE_TEXT = {
  /** Above a trip page shown from the copy kept on the device. */
  asOf: (time: string) => `Offline — as of ${time}`,
  asOfHelp: 'You have no connection: this is your trip as it was then. It updates by itself when you are back online.',
  /** Once the page, its answer and its papers are kept on the device. */
  savedForOffline: 'Saved on this device: this page and its papers open without a connection.',
  /** On the home page (the installed app's start), the trips kept on the device, which open with no connection. */
  tripsOnDevice: (count: number) => (count === 1 ? 'Your trip on this device' : 'Your trips on this device'),
  tripsOnDeviceHelp: 'Opens without a connection, as it was when you last had one.',
  openTrip: 'Open trip',
  remove: 'Remove',
  /** The Remove button's name for a screen reader, with the trip's destination. */
  forgetTrip: (destination: string) => `Remove from this device: ${destination}`,
  /** The staff's queue on the Create Inquiry page. */
  waiting: (count: number) => `Waiting to send (${count})`,
  waitingHelp: 'Kept on this device and sent by themselves when the connection returns.',
  queued: 'No connection: the inquiry is kept on this device and will be sent when you are back online.',
  sent: (count: number) =>
    count === 1 ? 'The inquiry taken offline was sent.' : `${count} inquiries taken offline were sent.`,
  refused: 'Not sent: fix it and send again.',
  putBack: 'Put back in the form',
  discard: 'Discard',
  /** Logout with inquiries still waiting (they belong to the signed-in user and are deleted with the session). */
  logoutConfirm: (count: number) =>
    `${count === 1 ? '1 inquiry is' : `${count} inquiries are`} still waiting to send and will be deleted from this ` +
    'device. Log out anyway?',
} as const;
