// Whether the page's first load is over: the window's load event (which waits for the preloaded largest
// image) and the first contentful paint. Below-the-fold sections and the images that are not the page's
// largest paint (later hero slides, cards after the first, the carousel's other photos) wait for it, so
// they do not share a slow network with it (decisions §8: LCP ≤ 2.0 s). Later navigations get true at once.
//
// What it reveals renders as a transition: React renders a transition in slices of a few milliseconds, yielding
// to the browser between them, where an ordinary update (and useSyncExternalStore's, always synchronous) is one
// long task. The below-the-fold sections, the hero's next slide and the lazy parts of the frame arrive after the
// first paint, so one long task there blocked the page for 100–230 ms on a phone (Lighthouse's Total Blocking
// Time; decisions §8 allows 100 ms).
import { startTransition, useEffect, useState } from 'react';

/** Should either never come (a resource that hangs, a browser without paint timing), waiting ends anyway. */
const MAX_WAIT_MS = 3000;

let loaded = false;
let scheduled = false;
const listeners = new Set<() => void>();

function finish() {
  if (loaded) return;
  loaded = true;
  startTransition(() => listeners.forEach((l) => l()));
}

const whenLoaded = (next: () => void) => {
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
};

function whenPainted(next: () => void) {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // A frame callback runs just before a paint; a task queued from it runs after that paint.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(next));
    else next();
    return;
  }
  if (painted()) return next();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    setTimeout(next);
  });
  observer.observe({ type: 'paint', buffered: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!scheduled) {
    scheduled = true;
    whenLoaded(() => whenPainted(finish));
    setTimeout(finish, MAX_WAIT_MS);
  }
  return () => {
    listeners.delete(listener);
  };
}

export function useAfterLoad(): boolean {
  const [done, setDone] = useState(loaded);
  useEffect(() => {
    if (done) return;
    // Loading may have ended between this component's render and this effect.
    if (loaded) {
      startTransition(() => setDone(true));
      return;
    }
    return subscribe(() => setDone(true));
  }, [done]);
  return done;
}
