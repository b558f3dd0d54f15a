// The quotation's buttons (D27): "Download quotation" for everyone who may have it, and for the back office
// "Send on WhatsApp": a wa.me link to the customer with a short message and the link to their inquiry on the
// site, where they sign in and download the quotation (the PDF itself needs their token, decisions §6).
import { useState } from 'react';
import { FileDown, MessageCircle } from 'lucide-react';
import type { InquiryView } from '@safarnama/contract/inquiries';
import { QUOTATION_MESSAGES, quotationWhatsAppText } from '@safarnama/contract/quotation-rules';
import { customerWhatsappLink } from '@safarnama/contract/customer-links';
import { Button, buttonClass } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { notify } from '../../../lib/notify';
import { useSite } from '../../../lib/site';
import { paths } from '../../../config/paths';

interface QuotationActionsProps {
  inquiry: InquiryView;
  canSend: boolean;
  /** The page shows D30's quotation builder: its hint about a missing total would contradict it. */
  withBuilder?: boolean;
}

export function QuotationActions({ inquiry, canSend, withBuilder = false }: QuotationActionsProps) {
  const site = useSite();
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
  const viewLink = `${window.location.origin}${paths.viewInquiry(inquiry._id)}`;
  const whatsapp =
    canSend && inquiry.tpc > 0
      ? customerWhatsappLink(
          inquiry.customer.whatsappNumber,
          quotationWhatsAppText(inquiry.customer.name, site.name, viewLink),
        )
      : undefined;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => void handleDownload()} disabled={busy}>
        <FileDown className="size-4" aria-hidden="true" /> {QUOTATION_MESSAGES.download}
      </Button>
      {canSend ? (
        whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass('accent', 'sm')}>
            <MessageCircle className="size-4" aria-hidden="true" /> {QUOTATION_MESSAGES.sendOnWhatsApp}
          </a>
        ) : inquiry.tpc <= 0 && !withBuilder ? (
          <span className="text-sm text-stone-600">{QUOTATION_MESSAGES.noTotal}</span>
        ) : null
      ) : null}
    </div>
  );
}
