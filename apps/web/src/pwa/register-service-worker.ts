// D34: registers the service worker once the page has loaded, and offers "New version — reload" when a new build
// is waiting, so nobody stays on an old one: the reload lets the new worker take over, then loads the new build.
import { Workbox } from 'workbox-window';
import { APP_MANIFEST, APP_UPDATE_MESSAGES } from '@safarnama/contract/offline';
import { notify } from '../lib/notify';

let registered = false;

/** Once per page load (StrictMode runs the caller's effect twice). */
export function registerServiceWorker() {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const wb = new Workbox(APP_MANIFEST.serviceWorkerPath);
  wb.addEventListener('waiting', () => {
    // The toast stays until tapped: tapping it is the reload.
    notify.info(APP_UPDATE_MESSAGES.ready, {
      autoClose: false,
      closeOnClick: true,
      onClick: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register();
}
