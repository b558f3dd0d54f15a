// The quotation panel (features/quotes) and, below it, the invoices' (features/invoices, D32) for the inquiry pages
// (features/inquiries), which may not import them themselves: features never import each other, the app puts them
// together. Chunks of their own, fetched when a page first renders them, which only the back office's do.
import { Suspense, lazy } from 'react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import { Spinner } from '../components/ui/spinner';

/** Starts fetching the panel's chunk (the editor's route, which always shows it, asks with its own). */
export const loadQuotationPanel = () => import('../features/quotes/quotation-panel');

const QuotationPanel = lazy(loadQuotationPanel);
const InvoicePanel = lazy(() => import('../features/invoices/invoice-panel'));

export function QuotationSlot({ inquiry }: { inquiry: Inquiry }) {
  return (
    <>
      <Suspense fallback={<Spinner label="Loading quotation…" />}>
        <QuotationPanel inquiry={inquiry} />
      </Suspense>
      <div className="mt-6 empty:hidden">
        <Suspense fallback={null}>
          <InvoicePanel inquiry={inquiry} />
        </Suspense>
      </div>
    </>
  );
}
