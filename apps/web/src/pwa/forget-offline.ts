// D34, at an explicit log-out: what this device kept for working offline goes with the session, so the next person
// at it sees nothing of the last one's. The caches that hold a person's data (trip pages and their papers) and the
// trip answers are emptied here, with no library (this runs in every page's frame); the queue of inquiries needs
// IndexedDB and is emptied by pwa/inquiry-queue.ts, loaded when needed.
import { PERSONAL_CACHES } from './cache-names';
import { forgetSavedTrips } from './saved-trips';

export async function forgetOfflineCopies() {
  forgetSavedTrips();
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}
