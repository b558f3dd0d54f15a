// The quotation's versions, newest first: number, status, when sent, total; one of them is shown below the list.
import type { QuoteVersion } from '@safarnama/contract/quotes';
import { QUOTE_BUILDER_MESSAGES, QUOTE_STATUS_LABELS, type QuoteVersionStatus } from '@safarnama/contract/quotes-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';

// Text on tinted backgrounds at WCAG AA contrast or better.
const STYLES: Record<QuoteVersionStatus, string> = {
  draft: 'bg-stone-100 text-stone-800 ring-stone-200',
  sent: 'bg-sky-100 text-sky-900 ring-sky-200',
  accepted: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  superseded: 'bg-stone-100 text-stone-600 ring-stone-200',
  expired: 'bg-red-50 text-red-800 ring-red-200',
};

export function VersionStatus({ status }: { status: QuoteVersionStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STYLES[status]}`}
      data-version-status={status}
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}

interface VersionListProps {
  versions: QuoteVersion[];
  shownId: string;
  onShow: (id: string) => void;
}

export function VersionList({ versions, shownId, onShow }: VersionListProps) {
  return (
    <section aria-label={QUOTE_BUILDER_MESSAGES.versions}>
      <h3 className="mb-2 text-sm font-semibold text-stone-700">{QUOTE_BUILDER_MESSAGES.versions}</h3>
      <ol className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        {versions.map((v) => {
          const shown = v._id === shownId;
          const sent = v.sentAt ? `Sent ${formatShortDate(v.sentAt)}` : 'Not sent';
          return (
            <li key={v._id} className={shown ? 'bg-brand-50/60' : undefined}>
              <button
                type="button"
                className="grid w-full grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 px-3 py-2 text-left text-sm hover:bg-brand-50 sm:grid-cols-[6rem_7rem_minmax(0,1fr)_auto]"
                aria-current={shown ? 'true' : undefined}
                aria-label={`Version ${v.number}, ${QUOTE_STATUS_LABELS[v.status]}, ${sent}, ${formatRupees(v.totals.total)}`}
                onClick={() => onShow(v._id)}
              >
                <span className="font-semibold text-stone-900">Version {v.number}</span>
                <span>
                  <VersionStatus status={v.status} />
                </span>
                <span className="col-span-2 text-stone-600 sm:col-span-1">{sent}</span>
                <span className="col-start-3 row-start-1 text-right font-semibold text-stone-900 tabular-nums sm:col-start-4">
                  {formatRupees(v.totals.total)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
