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
