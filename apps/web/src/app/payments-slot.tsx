// The payments panel (features/payments) for the inquiry pages (features/inquiries), put together by the app as
// app/quotation-slot.tsx does for the quotation: a chunk of its own, fetched when a back-office page renders it.
import { Suspense, lazy } from 'react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { Spinner } from '../components/ui/spinner';

const PaymentsPanel = lazy(() => import('../features/payments/payments-panel'));

export function PaymentsSlot({ inquiry }: { inquiry: Inquiry }) {
  return (
    <Suspense fallback={<Spinner label="Loading payments…" />}>
      <PaymentsPanel inquiry={inquiry} />
    </Suspense>
  );
}
