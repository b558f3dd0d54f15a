// The toast container, loaded with the first toast (lib/notify.ts says why).
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToasts, toastsWanted } from '../lib/notify';

const Container = lazy(() =>
  import('react-toastify').then(({ ToastContainer }) => ({
    default: () => (
      <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick pauseOnFocusLoss={false} />
    ),
  })),
);

export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToasts, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
