// The code step of sign-up and login, loaded apart from the page: both show it only once their form is sent, so it
// stays out of their first load (decisions §8: 100 KB gzip). It is fetched at the visitor's first touch or key press,
// like the forms' validation (lib/deferred-resolver.ts), or when first shown should the visitor be quicker.
import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../ui/spinner';
import { usePreloadOnFirstInput } from '../../lib/deferred-resolver';
import type { OtpForm as EagerOtpForm } from './otp-form';

const load = () => import('./otp-form');
const Loaded = lazy(() => load().then((m) => ({ default: m.OtpForm })));
const preload = () =>
  load().then(
    () => undefined,
    () => undefined,
  );

/** Call in a page that may show the code step: its chunk is fetched at the visitor's first input. */
export const usePreloadOtpForm = () => usePreloadOnFirstInput(preload);

export function OtpForm(props: ComponentProps<typeof EagerOtpForm>) {
  return (
    <Suspense fallback={<Spinner />}>
      <Loaded {...props} />
    </Suspense>
  );
}
