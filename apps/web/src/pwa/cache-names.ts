// D34: the Cache Storage caches the service worker reads offline (vite.config.ts's runtime caching) and the app fills
// (pwa/keep-offline.ts). One list, so the log-out forgets every cache that holds a person's data.

/** The HTML of the pages that open offline: the home page (the installed app's start), trip pages, Create Inquiry. */
export const PAGES_CACHE = 'safarnama-pages';
/** The hashed JavaScript and CSS those pages used (no one's data: kept across log-outs). */
export const ASSETS_CACHE = 'safarnama-assets';
/** The trip pages' papers: vouchers, quotation, receipts, invoices and credit notes (PDF). */
export const PAPERS_CACHE = 'safarnama-trip-papers';

/** The IndexedDB database of the inquiries queued offline (pwa/inquiry-queue.ts). */
export const QUEUE_DATABASE = 'safarnama-offline';

/** The caches that hold a person's data (a trip page's URL carries its token), emptied at log-out. */
export const PERSONAL_CACHES = [PAGES_CACHE, PAPERS_CACHE] as const;

// The worker's routes match whole URLs (its copy of the config has no imports, so patterns, not functions).
/** The pages that open offline, answered from PAGES_CACHE when the network is gone. */
export const OFFLINE_PAGE_URL = /^https?:\/\/[^/]+\/((trip\/[^/?#]+|create-inquiry)\/?)?(\?[^#]*)?$/;
/** The hashed files the build writes. */
export const ASSET_URL = /^https?:\/\/[^/]+\/assets\//;
/** The trip papers (by the link, no login), answered from PAPERS_CACHE when the network is gone. */
export const TRIP_PAPER_URL =
  /^https?:\/\/[^/]+\/api\/trips\/[^/?#]+\/(quotation\.pdf|(vouchers|receipts|invoices|credit-notes)\/[^/?#]+\.pdf)(\?[^#]*)?$/;

/** The bound on the papers kept: each at most, and all of them together (oldest trips' dropped first). */
export const PAPER_LIMITS = { maxBytesEach: 3 * 1024 * 1024, maxBytesTotal: 20 * 1024 * 1024 } as const;
