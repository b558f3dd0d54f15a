// D34, at an explicit log-out: what this device kept for working offline goes with the session, so the next person
// at it sees nothing of the last one's. The caches that hold a person's data (trip pages and their papers) and the
// trip answers are emptied here, with no library (this runs in every page's frame); the queue of inquiries needs
// IndexedDB and is emptied by pwa/inquiry-queue.ts, loaded when needed.
import { PERSONAL_CACHES } from './cache-names';
import { forgetSavedTrip, forgetSavedTrips } from './saved-trips';

export async function forgetOfflineCopies() {
  forgetSavedTrips();
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

/** One trip removed from the device by the traveller: its answer, its page and its papers. */
export async function forgetOfflineTrip(token: string) {
  forgetSavedTrip(`link/${token}`);
  if (typeof caches === 'undefined') return;
  const page = `${location.origin}/trip/${encodeURIComponent(token)}`;
  const papers = `${location.origin}/api/trips/${encodeURIComponent(token)}/`;
  await Promise.all(
    PERSONAL_CACHES.map(async (name) => {
      const cache = await caches.open(name);
      const stale = (await cache.keys()).filter((r) => r.url.split('?')[0] === page || r.url.startsWith(papers));
      await Promise.all(stale.map((r) => cache.delete(r)));
    }),
  );
}
