// A small cached GET hook for the public pages. TanStack Query (used by the signed-in pages) would
// add ~10 KB gzip to the public pages' first load, whose budget is 100 KB (decisions §8, docs/performance.md).
import { useCallback, useEffect, useRef, useState } from 'react';

interface Entry {
  data?: unknown;
  error?: unknown;
  at: number;
  promise?: Promise<unknown>;
}

const cache = new Map<string, Entry>();
const listeners = new Set<(key: string) => void>();

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  refetch: () => void;
}

function load(key: string, fetcher: () => Promise<unknown>) {
  const entry = cache.get(key) ?? { at: 0 };
  if (entry.promise) return entry.promise;
  const promise = fetcher().then(
    (data) => {
      cache.set(key, { data, at: Date.now() });
      listeners.forEach((l) => l(key));
    },
    (error: unknown) => {
      cache.set(key, { data: entry.data, error, at: Date.now() });
      listeners.forEach((l) => l(key));
    },
  );
  cache.set(key, { ...entry, promise });
  return promise;
}

/** Data for `key` (null skips), fetched once and shared; refreshed when older than `staleMs`. */
export function useResource<T>(key: string | null, fetcher: () => Promise<T>, staleMs = 60_000): Resource<T> {
  const [, setVersion] = useState(0);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  useEffect(() => {
    if (key === null) return;
    const onChange = (changed: string) => {
      if (changed !== key) return;
      // Invalidated while shown: fetch again (the first mounted user of the key does it).
      if (!cache.has(key)) void load(key, fetcherRef.current);
      setVersion((v) => v + 1);
    };
    listeners.add(onChange);
    const entry = cache.get(key);
    if (!entry || (!entry.promise && Date.now() - entry.at > staleMs)) void load(key, fetcher);
    return () => {
      listeners.delete(onChange);
    };
    // The fetcher is identified by the key; a new closure for the same key is the same request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, staleMs]);

  const refetch = useCallback(() => {
    if (key === null) return;
    cache.delete(key);
    setVersion((v) => v + 1);
    void load(key, fetcher);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const entry = key === null ? undefined : cache.get(key);
  return {
    data: entry?.data as T | undefined,
    error: entry?.error,
    isLoading: key !== null && entry?.data === undefined && entry?.error === undefined,
    refetch,
  };
}

/**
 * Fetches `key` ahead of the first render that needs it (app/lazy-page.ts), unless it is cached; settles
 * when the data (or the error, which the page then shows) is in.
 */
export function prefetchResource(key: string, fetcher: () => Promise<unknown>): Promise<unknown> {
  const entry = cache.get(key);
  return entry?.promise ?? (entry ? Promise.resolve() : load(key, fetcher));
}

/** Updates the cached data of `key` with what a write answered; shown users of the key render it at once. */
export function setResourceData<T>(key: string, update: (data: T) => T) {
  const entry = cache.get(key);
  if (entry?.data === undefined) return;
  cache.set(key, { data: update(entry.data as T), at: Date.now() });
  listeners.forEach((l) => l(key));
}

/** Drops cached entries whose key starts with `prefix` (after a write elsewhere); shown ones refetch. */
export function invalidateResources(prefix: string) {
  const dropped = [...cache.keys()].filter((key) => key.startsWith(prefix));
  dropped.forEach((key) => cache.delete(key));
  dropped.forEach((key) => listeners.forEach((l) => l(key)));
}
