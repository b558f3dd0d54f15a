// The bookings panel (features/bookings, D33) for the inquiry's page (features/inquiries), put together by the app
// as app/payments-slot.tsx does for the payments: a chunk of its own, fetched when a back-office page renders it.
import { Suspense, lazy } from 'react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { Spinner } from '../components/ui/spinner';

const BookingsPanel = lazy(() => import('../features/bookings/bookings-panel'));

export function BookingsSlot({ inquiry }: { inquiry: Inquiry }) {
  return (
    <Suspense fallback={<Spinner label="Loading bookings…" />}>
      <BookingsPanel inquiry={inquiry} />
    </Suspense>
  );
}
