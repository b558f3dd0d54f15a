// A version read-only (sent, accepted, superseded or expired, or a draft left behind by an acceptance): its days,
// lines with cost and price, totals as the server stored them, validity, notes and lists.
import type { ReactNode } from 'react';
import type { QuoteVersion } from '@safarnama/contract/quotes';
import { QUOTE_BUILDER_MESSAGES, QUOTE_LINE_KIND_LABELS } from '@safarnama/contract/quotes-rules';
import { formatDateTime, formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { InlineText } from '../../../components/packages/rich-text';
import { isNumberedTitle } from '../quote-form';
import { QuoteTotals } from './quote-totals';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 font-display text-base font-bold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

function List({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="text-sm text-stone-500">None</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export function VersionView({ version }: { version: QuoteVersion }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="min-w-0 space-y-6">
        {version.status === 'accepted' && version.acceptedName && version.acceptedAt ? (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <p className="font-semibold">
              {QUOTE_BUILDER_MESSAGES.acceptedBy(version.acceptedName, formatDateTime(version.acceptedAt))}
            </p>
            <p className="mt-0.5 break-words">
              {QUOTE_BUILDER_MESSAGES.acceptedFrom(version.acceptedIp ?? '', version.acceptedUserAgent ?? '')}
            </p>
          </div>
        ) : null}
        <Part title={QUOTE_BUILDER_MESSAGES.days}>
          {version.days.length === 0 ? (
            <p className="text-sm text-stone-500">{QUOTE_BUILDER_MESSAGES.noDays}</p>
          ) : (
            <ol className="space-y-3">
              {version.days.map((day, i) => (
                <li key={i} className="text-sm">
                  <p className="font-semibold text-stone-900">
                    {isNumberedTitle(day.title) ? day.title : `Day ${i + 1}: ${day.title}`}
                  </p>
                  {day.text ? (
                    <p className="mt-0.5 text-stone-700">
                      <InlineText text={day.text} />
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </Part>
        <Part title={QUOTE_BUILDER_MESSAGES.lines}>
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
            {version.lines.map((line, i) => (
              <li
                key={i}
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 px-3 py-2.5 text-sm sm:grid-cols-[minmax(0,1fr)_9rem_7rem_7rem]"
              >
                <p className="min-w-0 break-words">
                  <span className="font-medium text-stone-900">{line.description}</span>{' '}
                  <span className="text-xs text-stone-500">{QUOTE_LINE_KIND_LABELS[line.kind]}</span>
                </p>
                <p className="text-stone-600 tabular-nums sm:text-right">
                  {line.quantity} × {formatRupees(line.unitPrice)}
                  {line.markupPercent !== null ? ` (+${line.markupPercent}%)` : ''}
                </p>
                <p className="text-stone-600 tabular-nums sm:text-right">cost {formatRupees(line.cost)}</p>
                <p className="text-right font-semibold text-stone-900 tabular-nums">{formatRupees(line.price)}</p>
              </li>
            ))}
          </ul>
        </Part>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-stone-500">{QUOTE_BUILDER_MESSAGES.validUntil}</dt>
            <dd className="font-medium text-stone-900">{formatShortDate(version.validUntil)}</dd>
          </div>
          {version.notes ? (
            <div className="sm:col-span-2">
              <dt className="text-stone-500">{QUOTE_BUILDER_MESSAGES.notes}</dt>
              <dd className="whitespace-pre-line text-stone-900">{version.notes}</dd>
            </div>
          ) : null}
        </dl>
        <div className="grid gap-5 sm:grid-cols-2">
          <Part title={QUOTE_BUILDER_MESSAGES.inclusions}>
            <List items={version.inclusions} />
          </Part>
          <Part title={QUOTE_BUILDER_MESSAGES.exclusions}>
            <List items={version.exclusions} />
          </Part>
        </div>
      </div>
      <aside className="min-w-0 lg:self-start">
        <div className="rounded-xl border border-stone-200 bg-white p-4" aria-label={QUOTE_BUILDER_MESSAGES.totals}>
          <h3 className="mb-2 font-display text-base font-bold text-stone-900">{QUOTE_BUILDER_MESSAGES.totals}</h3>
          <QuoteTotals totals={version.totals} />
        </div>
      </aside>
    </div>
  );
}
