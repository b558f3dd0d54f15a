// The quotation's button (D27): "Download quotation" for everyone who may have it. Sending is the builder's (D30):
// its "Send to customer" mails the trip link and then offers "Send on WhatsApp" with that link (share-link.tsx). A
// WhatsApp link here could only point at the inquiry's page, a sign-in a customer from the public form cannot pass
// (issue 51), and the trip link cannot be made again here: the server keeps only its hash.
import { useState } from 'react';
import { FileDown } from 'lucide-react';
import type { InquiryView } from '@safarnama/contract/inquiries';
import { QUOTATION_MESSAGES } from '@safarnama/contract/quotes-rules';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { notify } from '../../../lib/notify';

interface QuotationActionsProps {
  inquiry: InquiryView;
  /** The back office: without the builder it is told that a hand-priced quotation needs its total first. */
  canSend: boolean;
  /** The page shows D30's quotation builder: its hint about a missing total would contradict it. */
  withBuilder?: boolean;
}

export function QuotationActions({ inquiry, canSend, withBuilder = false }: QuotationActionsProps) {
  const [busy, setBusy] = useState(false);
  const handleDownload = async () => {
    setBusy(true);
    try {
      await downloadFile(`/api/inquiries/${encodeURIComponent(inquiry._id)}/quotation.pdf`, 'quotation.pdf');
    } catch (err) {
      notify.error(errorMessage(err, QUOTATION_MESSAGES.downloadFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => void handleDownload()} disabled={busy}>
        <FileDown className="size-4" aria-hidden="true" /> {QUOTATION_MESSAGES.download}
      </Button>
      {canSend && inquiry.tpc <= 0 && !withBuilder ? (
        <span className="text-sm text-stone-600">{QUOTATION_MESSAGES.noTotal}</span>
      ) : null}
    </div>
  );
}
