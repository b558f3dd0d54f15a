// The payments panel (features/payments) for the inquiry pages (features/inquiries), put together by the app as
// app/quotation-slot.tsx does for the quotation: a chunk of its own, fetched when a back-office page renders it.
import { Suspense, lazy } from 'react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { Spinner } from '../components/ui/spinner';

/** Starts fetching the panel's chunk (the editor's route, which always shows it, asks with its own). */
export const loadPaymentsPanel = () => import('../features/payments/payments-panel');

const PaymentsPanel = lazy(loadPaymentsPanel);

export function PaymentsSlot({ inquiry }: { inquiry: Inquiry }) {
  return (
    <Suspense fallback={<Spinner label="Loading payments…" />}>
      <PaymentsPanel inquiry={inquiry} />
    </Suspense>
  );
}
