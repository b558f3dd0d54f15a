// Issue 51 in the inquiry list: whether the customer opened the quotation version sent ("Viewed 3 times, last 2 hours
// ago" / "Not viewed"), for a row with a sent or accepted version; nothing otherwise.
import { useState } from 'react';
import type { InquiryQuotation } from '@safarnama/contract/quotes';
import { quoteVersionTitle, quoteViewsText } from '@safarnama/contract/quotes-rules';

export function QuoteViews({ quotation, className = '' }: { quotation: InquiryQuotation | null; className?: string }) {
  // The time the list was first shown: a page left open does not re-render to count hours.
  const [now] = useState(Date.now);
  if (!quotation) return null;
  const unseen = quotation.views === 0;
  return (
    <span
      className={`text-xs leading-snug ${unseen ? 'text-amber-800' : 'text-stone-600'} ${className}`}
      title={quoteVersionTitle(quotation.version)}
    >
      {quoteViewsText(quotation, now)}
    </span>
  );
}
