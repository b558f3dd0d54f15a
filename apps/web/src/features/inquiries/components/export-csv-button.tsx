// "Export CSV" on /all-inquiries: the server's export of what the table shows (its search, status, handler and
// follow-up filters and order), every matching row rather than the page on screen.
import { useState } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { INQUIRY_EXPORT_MESSAGES } from '@safarnama/contract/inquiries';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { notify } from '../../../lib/notify';
import type { InquiryListParams } from '../api/get-inquiries';

export function ExportCsvButton({ params }: { params: InquiryListParams }) {
  const [busy, setBusy] = useState(false);
  const handleExport = async () => {
    const query = new URLSearchParams({ sort: params.sort, order: params.order });
    if (params.q) query.set('q', params.q);
    if (params.status) query.set('status', params.status);
    // D26: the table's Handler and Follow-up filters too.
    if (params.assignedTo) query.set('assignedTo', params.assignedTo);
    if (params.followUp) query.set('followUp', params.followUp);
    setBusy(true);
    try {
      await downloadFile(`/api/inquiries/export.csv?${query.toString()}`, 'inquiries.csv');
    } catch (err) {
      notify.error(errorMessage(err, INQUIRY_EXPORT_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void handleExport()} disabled={busy} aria-busy={busy}>
      <FileSpreadsheet className="size-4" aria-hidden="true" /> {INQUIRY_EXPORT_MESSAGES.button}
    </Button>
  );
}
