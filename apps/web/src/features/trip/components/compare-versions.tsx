// The earlier versions, each with "Compare with version N" (the comparison itself, comparison.tsx, loads after the
// page's first paint).
import { lazy, Suspense, useState } from 'react';
import type { TripVersion } from '@safarnama/contract/quotes';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { loadComparison } from './lazy-parts';
import { TripSection } from './version-details';

const Comparison = lazy(() => loadComparison().then((m) => ({ default: m.Comparison })));

const STATUS_LABELS: Partial<Record<TripVersion['status'], string>> = {
  superseded: 'Replaced',
  expired: 'Expired',
  accepted: 'Accepted',
};

export function EarlierVersions({ current, earlier }: { current: TripVersion; earlier: TripVersion[] }) {
  const [comparing, setComparing] = useState<number | null>(null);
  const other = earlier.find((v) => v.number === comparing);
  return (
    <TripSection title="Earlier versions">
      <p className="mb-3 text-sm text-stone-600">
        See what changed since a version we sent you before.
        {current.status === 'sent' ? ` Only version ${current.number}, the newest, can be accepted.` : ''}
      </p>
      <ul className="divide-y divide-stone-100">
        {earlier.map((version) => (
          <li key={version.number} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                Version {version.number}
                {STATUS_LABELS[version.status] ? (
                  <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
                    {STATUS_LABELS[version.status]}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-stone-600">
                {version.sentAt ? `Sent ${formatShortDate(version.sentAt)} · ` : ''}
                {formatRupees(version.totals.total)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={comparing === version.number}
              onClick={() => setComparing((n) => (n === version.number ? null : version.number))}
            >
              Compare with version {version.number}
            </Button>
          </li>
        ))}
      </ul>
      {other ? (
        <Suspense fallback={<Spinner label="Comparing…" />}>
          <Comparison current={current} earlier={other} onClose={() => setComparing(null)} />
        </Suspense>
      ) : null}
    </TripSection>
  );
}
