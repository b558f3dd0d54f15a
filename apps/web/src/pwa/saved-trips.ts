// D34: the last trip answers read by their link, kept in localStorage so a trip page opens with no network. The app
// keeps the answer itself rather than the service worker: it knows when the answer came (the "as of" time) and that
// the copy is shown because the network failed, and a synchronous read needs no worker. A few trips at most, the
// newest kept; the log-out forgets them all (pwa/forget-offline.ts).

const STORAGE_KEY = 'safarnama.offline-trips';
/** A phone holds a trip or two at a time; the oldest beyond this is dropped. */
const MAX_TRIPS = 3;

export interface SavedTrip<T> {
  data: T;
  /** When the server gave this answer (ISO 8601). */
  savedAt: string;
}

type Stored = Record<string, SavedTrip<unknown>>;

function readAll(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    // Unavailable storage (private mode) or a value written by something else: nothing kept.
    return {};
  }
}

function writeAll(stored: Stored) {
  try {
    if (Object.keys(stored).length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Full or unavailable storage: the page works online as before, without an offline copy.
  }
}

/** Keeps `data` as the trip `key`'s copy, the newest of MAX_TRIPS. */
export function saveTrip(key: string, data: unknown, now = new Date()) {
  const others = Object.entries(readAll())
    .filter(([k]) => k !== key)
    .sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt))
    .slice(0, MAX_TRIPS - 1);
  writeAll(Object.fromEntries([[key, { data, savedAt: now.toISOString() }], ...others]));
}

/** The copy kept of the trip `key`, if any. */
export function readSavedTrip<T>(key: string): SavedTrip<T> | undefined {
  const saved = readAll()[key];
  return saved && typeof saved.savedAt === 'string' ? (saved as SavedTrip<T>) : undefined;
}

/** The trips kept with their keys, newest first (the home page lists those kept by their link). */
export function savedTrips<T>(): (SavedTrip<T> & { key: string })[] {
  return Object.entries(readAll())
    .filter(([, saved]) => typeof saved?.savedAt === 'string')
    .sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt))
    .map(([key, saved]) => ({ key, data: saved.data as T, savedAt: saved.savedAt }));
}

/** The keys of the trips kept, newest first (the papers of others are dropped first). */
export const savedTripKeys = (): string[] => savedTrips().map((trip) => trip.key);

/** Forgets the trip `key`'s copy (the traveller removes it from the device). */
export function forgetSavedTrip(key: string) {
  const { [key]: _forgotten, ...others } = readAll();
  writeAll(others);
}

/** Forgets every trip kept (log-out). */
export function forgetSavedTrips() {
  writeAll({});
}
