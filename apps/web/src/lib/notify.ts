// Toasts (spec §9: top-right, 5 s). The toast library loads on first use, keeping it out of the
// public pages' first-load JavaScript; pages call these and never the library directly.
import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info';

// The container (app/toasts.tsx) mounts with the first toast: loading it at start-up would fetch the
// library on every page view, competing with the page's own requests. Toasts shown before it mounts wait
// in the library's queue.
let wanted = false;
const listeners = new Set<() => void>();

/** For app/toasts.tsx (useSyncExternalStore): whether any toast has been asked for yet. */
export const toastsWanted = () => wanted;
export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const show = (kind: Kind, message: string, options?: ToastOptions) => {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  void import('react-toastify').then(({ toast }) => toast[kind](message, options));
};

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
