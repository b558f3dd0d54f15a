// A version's totals: what it costs the agency, the price, the margin, GST at the server's rate, the total and the
// share per traveller. The builder shows them live (quote-form.ts), a sent version as the server stored them.
import type { ReactNode } from 'react';
import { formatRupees } from '@safarnama/contract/common-rules';
import { QUOTE_BUILDER_MESSAGES } from '@safarnama/contract/quotes-rules';
import type { QuoteVersion } from '@safarnama/contract/quotes';
import { Money } from '../../../components/inquiries/money';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1.5 ${strong ? 'text-base font-bold' : 'text-sm'}`}>
      <dt className={strong ? 'text-stone-900' : 'text-stone-600'}>{label}</dt>
      <dd className="font-semibold text-stone-900 tabular-nums" data-total={label}>
        {children}
      </dd>
    </div>
  );
}

export function QuoteTotals({ totals }: { totals: QuoteVersion['totals'] }) {
  const marginShare = totals.price > 0 ? Math.round((totals.margin / totals.price) * 1000) / 10 : 0;
  const travellers = `${totals.travellers} traveller${totals.travellers === 1 ? '' : 's'}`;
  return (
    <div>
      <dl className="divide-y divide-stone-100">
        <Row label="Cost">{formatRupees(totals.cost)}</Row>
        <Row label="Price">{formatRupees(totals.price)}</Row>
        <Row label="Margin">
          <Money amount={totals.margin} signed /> <span className="text-xs text-stone-500">({marginShare}%)</span>
        </Row>
        <Row label={`GST (${totals.gstPercent}%)`}>{formatRupees(totals.gst)}</Row>
        <Row label="Total" strong>
          {formatRupees(totals.total)}
        </Row>
        <Row label={`Per traveller (${travellers})`}>{formatRupees(totals.perTraveller)}</Row>
      </dl>
      {totals.gstPercent === 0 ? <p className="mt-2 text-xs text-stone-500">{QUOTE_BUILDER_MESSAGES.noGst}</p> : null}
    </div>
  );
}
