// The quotation panel (features/quotes) for the inquiry pages (features/inquiries), which may not import it
// themselves: features never import each other, the app puts them together. A chunk of its own, fetched when a
// page first renders it, which only the back office's do.
import { Suspense, lazy } from 'react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { Spinner } from '../components/ui/spinner';

/** Starts fetching the panel's chunk (the editor's route, which always shows it, asks with its own). */
export const loadQuotationPanel = () => import('../features/quotes/quotation-panel');

const QuotationPanel = lazy(loadQuotationPanel);

export function QuotationSlot({ inquiry }: { inquiry: Inquiry }) {
  return (
    <Suspense fallback={<Spinner label="Loading quotation…" />}>
      <QuotationPanel inquiry={inquiry} />
    </Suspense>
  );
}
