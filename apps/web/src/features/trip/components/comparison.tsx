// "Version N compared with version M": what the current version added, removed or repriced, how its total differs,
// and the earlier version in full below. Loaded after the page's first paint (trip-view.tsx): only a customer who
// compares needs it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ArrowRight, Minus, Plus, RefreshCw, X } from 'lucide-react';
import type { TripVersion } from '@safarnama/contract/quotes';
import { TRIP_PAGE_TEXT } from '@safarnama/contract/quotes-rules';
import { formatRupees } from '@safarnama/contract/common-rules';
import { Button } from '../../../components/ui/button';
import { diffVersions, type AmountChange, type ListChange } from '../version-diff';
import { VersionDetails } from './version-details';

/** +₹1,200 or −₹1,200; "no change" at zero. */
function signedRupees(difference: number): string {
  if (difference === 0) return 'no change';
  return `${difference > 0 ? '+' : '−'}${formatRupees(Math.abs(difference))}`;
}

function AmountRow({ label, change }: { label: string; change: AmountChange }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <dt className="text-stone-600">{label}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-2 tabular-nums">
        <span className="text-stone-500 line-through decoration-stone-400">{formatRupees(change.before)}</span>
        <ArrowRight className="size-4 self-center text-stone-400" aria-label="to" />
        <span className="font-semibold text-stone-900">{formatRupees(change.after)}</span>
        <span
          className={`text-sm font-semibold ${
            change.difference > 0 ? 'text-red-700' : change.difference < 0 ? 'text-emerald-700' : 'text-stone-500'
          }`}
        >
          ({signedRupees(change.difference)})
        </span>
      </dd>
    </div>
  );
}

function ChangeGroup({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h4 className="flex items-center gap-2 font-semibold text-stone-900">
        {icon}
        {title}
      </h4>
      <ul className="mt-2 space-y-2 border-l-2 border-stone-100 pl-4">{children}</ul>
    </div>
  );
}

const each = (line: TripVersion['lines'][number]) => `${line.quantity} × ${formatRupees(line.unitPrice)}`;

function ListChanges({ label, change }: { label: string; change: ListChange }) {
  if (change.added.length === 0 && change.removed.length === 0) return null;
  return (
    <div>
      <h4 className="font-semibold text-stone-900">{label}</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {change.added.map((item, i) => (
          <li key={`a${i}`} className="[overflow-wrap:anywhere]">
            <span className="font-semibold text-emerald-700">Added:</span> {item}
          </li>
        ))}
        {change.removed.map((item, i) => (
          <li key={`r${i}`} className="[overflow-wrap:anywhere]">
            <span className="font-semibold text-red-700">Removed:</span> {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Comparison({
  current,
  earlier,
  onClose,
}: {
  current: TripVersion;
  earlier: TripVersion;
  onClose: () => void;
}) {
  const diff = diffVersions(earlier, current);
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [earlier.number]);
  const lineCount = diff.added.length + diff.removed.length + diff.changed.length;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mt-5 scroll-mt-20 rounded-2xl border border-brand-200 bg-brand-50/60 p-4 focus:outline-none sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold text-stone-900 sm:text-lg">
          {TRIP_PAGE_TEXT.compareTitle(current.number, earlier.number)}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the comparison" className="-mt-1 -mr-2">
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <dl className="mt-3 space-y-2 rounded-xl bg-white p-3 ring-1 ring-stone-200 sm:p-4">
        <AmountRow label="Total" change={diff.total} />
        <AmountRow label="Per traveller" change={diff.perTraveller} />
      </dl>
      <div className="mt-4 space-y-4">
        {lineCount === 0 ? <p className="text-stone-700">{TRIP_PAGE_TEXT.compareSame}</p> : null}
        {diff.added.length > 0 ? (
          <ChangeGroup title="Added" icon={<Plus className="size-4 text-emerald-700" aria-hidden="true" />}>
            {diff.added.map((line, i) => (
              <li key={i} className="flex justify-between gap-3">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {line.description} <span className="text-sm whitespace-nowrap text-stone-500">({each(line)})</span>
                </span>
                <span className="font-medium whitespace-nowrap tabular-nums">{formatRupees(line.price)}</span>
              </li>
            ))}
          </ChangeGroup>
        ) : null}
        {diff.removed.length > 0 ? (
          <ChangeGroup title="Removed" icon={<Minus className="size-4 text-red-700" aria-hidden="true" />}>
            {diff.removed.map((line, i) => (
              <li key={i} className="flex justify-between gap-3 text-stone-600">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {line.description} <span className="text-sm whitespace-nowrap">({each(line)})</span>
                </span>
                <span className="whitespace-nowrap tabular-nums line-through">{formatRupees(line.price)}</span>
              </li>
            ))}
          </ChangeGroup>
        ) : null}
        {diff.changed.length > 0 ? (
          <ChangeGroup title="Price changed" icon={<RefreshCw className="size-4 text-accent-600" aria-hidden="true" />}>
            {diff.changed.map(({ before, after }, i) => (
              <li key={i}>
                <span className="block [overflow-wrap:anywhere]">{after.description}</span>
                <span className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm tabular-nums">
                  <span className="text-stone-500">{each(before)}</span>
                  <ArrowRight className="size-3.5 self-center text-stone-400" aria-label="to" />
                  <span className="text-stone-700">{each(after)}</span>
                  <span className="font-semibold">
                    {formatRupees(before.price)} → {formatRupees(after.price)}
                  </span>
                </span>
              </li>
            ))}
          </ChangeGroup>
        ) : null}
        <ListChanges label="Days" change={diff.days} />
        <ListChanges label="Included" change={diff.inclusions} />
        <ListChanges label="Not included" change={diff.exclusions} />
      </div>
      <details className="mt-5 rounded-xl bg-white ring-1 ring-stone-200">
        <summary className="cursor-pointer px-4 py-3 font-semibold text-brand-800">
          Read version {earlier.number} in full
        </summary>
        <div className="border-t border-stone-200 p-3 sm:p-4">
          <VersionDetails version={earlier} />
        </div>
      </details>
    </section>
  );
}
