// The frame's parts that wait for the page's first load (first-load budget): scroll restoration, needed from the
// first navigation on, and the service worker (D34), whose registration and fetches must not compete with the page.
import { useEffect } from 'react';
import { registerServiceWorker } from '../../pwa/register-service-worker';
import { ScrollRestoration } from './scroll-restoration';

export function AfterLoadParts() {
  useEffect(registerServiceWorker, []);
  return <ScrollRestoration />;
}
