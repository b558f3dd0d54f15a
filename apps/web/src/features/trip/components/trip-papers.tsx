// D32's papers on the trip page: each invoice and credit note with its number, date and amount, and its PDF. By the
// link, a plain link with the token (no login); signed in, a download with the reader's login.
import { FileDown } from 'lucide-react';
import type { Trip } from '@safarnama/contract/quotes';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { INVOICE_MESSAGES } from '@safarnama/contract/payments-rules';
import { apiUrl, errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { notify } from '../../../lib/notify';
import type { TripSource } from '../api/trip-source';
import { TripSection } from './version-details';

type Paper = NonNullable<Trip['invoices']>[number];

const segment = (paper: Paper) => (paper.kind === 'invoice' ? 'invoices' : 'credit-notes');
const fileName = (paper: Paper) => `${paper.number.replaceAll('/', '-')}.pdf`;

export function TripPapers({ papers, source }: { papers: readonly Paper[]; source: TripSource }) {
  const link = 'inline-flex items-center gap-1 font-medium text-brand-800 underline';
  return (
    <TripSection title="Your invoices">
      <ul className="divide-y divide-stone-200">
        {papers.map((paper) => (
          <li key={paper.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{paper.title}</span> {paper.number} · {formatShortDate(paper.issuedAt)}
              {' · '}
              <span className="tabular-nums">{formatRupees(paper.total)}</span>
            </span>
            {source.kind === 'link' ? (
              <a
                className={link}
                href={apiUrl(`/api/trips/${encodeURIComponent(source.token)}/${segment(paper)}/${paper.id}.pdf`)}
                download={fileName(paper)}
              >
                <FileDown className="size-4" aria-hidden="true" /> PDF
              </a>
            ) : (
              <button
                type="button"
                className={link}
                onClick={() =>
                  void downloadFile(`/api/${segment(paper)}/${paper.id}.pdf`, fileName(paper)).catch((err: unknown) =>
                    notify.error(errorMessage(err, INVOICE_MESSAGES.downloadFailed)),
                  )
                }
              >
                <FileDown className="size-4" aria-hidden="true" /> PDF
              </button>
            )}
          </li>
        ))}
      </ul>
    </TripSection>
  );
}
