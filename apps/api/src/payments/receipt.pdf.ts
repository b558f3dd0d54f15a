// D31: a verified payment's receipt as an A4 PDF, laid out from the paper kept when it was issued (receipt-paper.ts),
// so every download and the copy in the customer's mail are the same paper; a later reversal does not alter it.
import { PAYMENT_MODE_LABELS, formatRupees, formatShortDate } from '@safarnama/contract';
import { PDF_COLORS, startPaper, writeAgencyHeader, writeContactFooter } from '../lib/pdf-layout';
import type { ReceiptPaper } from './receipt-paper';

export function renderReceiptPdf(p: ReceiptPaper): Promise<Buffer> {
  const frame = startPaper({
    Title: `Receipt ${p.number}`,
    Author: p.agency.name,
    Subject: `Payment receipt for ${p.customerName}`,
  });
  const { doc, heading, row } = frame;
  writeAgencyHeader(doc, p.agency);
  doc.font('bold').fontSize(18).fillColor(PDF_COLORS.ink).text('Payment receipt');
  doc.font('body').fontSize(10).fillColor(PDF_COLORS.muted);
  doc.text(`Receipt number: ${p.number}`);
  doc.text(`Date: ${formatShortDate(p.issuedAt)}`);
  doc.moveDown();

  heading('Received from');
  row('Name', p.customerName);
  row('Trip', p.trip);
  row('Quotation', p.quotationNumber);

  heading('Payment');
  row('Amount received', formatRupees(p.amountPaise / 100), true);
  row('Paid by', PAYMENT_MODE_LABELS[p.mode]);
  if (p.reference) row(p.mode === 'upi' ? 'UPI reference (UTR)' : 'Reference', p.reference);
  row('Received on', formatShortDate(p.receivedAt));

  writeContactFooter(frame, p.agency);
  return frame.finish();
}
