// D34: keeps what a page needs to open with no network, once the service worker is there to answer offline: the
// page's HTML, the hashed scripts and styles it loaded (from the browser's resource timing, so whatever chunks the
// page used, lazy ones included), and for a trip page its papers. The app writes these caches itself because its
// first visit is not yet under the worker (it registers after the load), so the worker saw none of these requests;
// on later visits the worker's own runtime caching keeps them fresh (vite.config.ts).
import { APP_MANIFEST } from '@safarnama/contract/offline';
import { ASSETS_CACHE, PAGES_CACHE, PAPERS_CACHE, PAPER_LIMITS } from './cache-names';

const supported = () => typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;

async function keep(cacheName: string, url: string, accept?: (response: Response) => boolean) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok || (accept && !accept(response))) return false;
  await (await caches.open(cacheName)).put(url, response);
  return true;
}

/** A page's HTML (this page's by default), unless the worker's navigation already cached this build's copy. */
async function keepPage(url = `${location.origin}${location.pathname}`) {
  const cached = await caches.match(url, { cacheName: PAGES_CACHE, ignoreSearch: true });
  if (cached && navigator.serviceWorker.controller) return true;
  return keep(PAGES_CACHE, url, (r) => (r.headers.get('content-type') ?? '').startsWith('text/html'));
}

/** The same-origin hashed files the page loaded that no cache holds yet (the precache holds the entry's). */
async function keepAssets() {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
  await Promise.all(
    [...new Set(urls)].map(async (url) => {
      if (!(await caches.match(url))) await keep(ASSETS_CACHE, url).catch(() => false);
    }),
  );
}

const sizeOf = async (response: Response) =>
  Number(response.headers.get('content-length')) || (await response.clone().blob()).size;

/**
 * Which cached papers to drop so that `needed` more bytes fit in `maxBytesTotal`: those of other trips, the trips
 * seen longest ago first (`order`, newest first), never the current trip's. Pure, for the tests.
 */
export function papersToDrop(
  cached: readonly { url: string; trip: string; bytes: number }[],
  needed: number,
  current: string,
  order: readonly string[],
  maxBytesTotal: number = PAPER_LIMITS.maxBytesTotal,
): string[] {
  let total = cached.reduce((sum, p) => sum + p.bytes, 0);
  const rank = (trip: string) => (order.includes(trip) ? order.indexOf(trip) : Infinity);
  const others = cached.filter((p) => p.trip !== current).sort((a, b) => rank(b.trip) - rank(a.trip));
  const dropped: string[] = [];
  for (const paper of others) {
    // A trip no longer kept goes whatever the room; others only while room is short.
    if (total + needed <= maxBytesTotal && order.includes(paper.trip)) break;
    dropped.push(paper.url);
    total -= paper.bytes;
  }
  return dropped;
}

/** The trip a paper's URL belongs to: its token's path. */
const tripOf = (url: string) => new URL(url).pathname.split('/').slice(0, 4).join('/');

/**
 * Keeps the trip's papers (most needed first) within PAPER_LIMITS, making room by dropping other trips' papers.
 * `tripOrder` lists the kept trips' API paths (`/api/trips/{token}`), newest first.
 */
async function keepPapers(urls: readonly string[], tripOrder: readonly string[]) {
  if (urls.length === 0) return;
  const cache = await caches.open(PAPERS_CACHE);
  const cached = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const response = await cache.match(request);
      return { url: request.url, trip: tripOf(request.url), bytes: response ? await sizeOf(response) : 0 };
    }),
  );
  const missing = urls.filter((url) => !cached.some((p) => p.url === url));
  const current = tripOf(urls[0]!);
  // Room for the missing ones at their largest; what is not used stays free.
  const room = missing.length * PAPER_LIMITS.maxBytesEach;
  const dropped = papersToDrop(cached, Math.min(room, PAPER_LIMITS.maxBytesTotal / 2), current, tripOrder);
  await Promise.all(dropped.map((url) => cache.delete(url)));
  let total = cached.filter((p) => !dropped.includes(p.url)).reduce((sum, p) => sum + p.bytes, 0);
  for (const url of missing) {
    const response = await fetch(url).catch(() => null);
    if (!response?.ok) continue;
    const bytes = await sizeOf(response);
    if (bytes > PAPER_LIMITS.maxBytesEach || total + bytes > PAPER_LIMITS.maxBytesTotal) continue;
    await cache.put(url, response);
    total += bytes;
  }
}

/**
 * Keeps the current page for offline use once a service worker is active; true when the page itself is kept (the
 * page then says so). `papers` are absolute URLs, most needed first.
 */
export async function keepPageForOffline(
  papers: readonly string[] = [],
  tripOrder: readonly string[] = [],
): Promise<boolean> {
  if (!supported() || !navigator.onLine) return false;
  await navigator.serviceWorker.ready;
  // The installed app opens at its start page, which lists the trips kept (its chunks are in the precache).
  const start = new URL(APP_MANIFEST.startUrl, location.origin).href;
  const [page] = await Promise.all([
    keepPage(),
    keepAssets(),
    keepPapers(papers, tripOrder),
    keepPage(start).catch(() => false),
  ]);
  return page;
}
