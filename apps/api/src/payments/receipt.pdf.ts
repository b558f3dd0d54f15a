// D31: a verified payment's receipt as an A4 PDF, laid out from the one view model both the back office's and the
// trip link's routes read (receiptPaperOf). A receipt is issued once: it is drawn from the ledger entry, which never
// changes after verification, so every download is the same paper; a later reversal does not alter it.
import {
  PAYMENT_MODE_LABELS,
  formatRupees,
  formatShortDate,
  type PaymentMode,
  type SiteSettings,
} from '@safarnama/contract';
import { PDF_COLORS, startPaper, writeAgencyHeader, writeContactFooter } from '../lib/pdf-layout';
import type { PayableInquiry } from '../inquiries/inquiry-payments';
import type { PaymentRow } from './payment.repository';

export interface ReceiptPaper {
  agency: SiteSettings;
  number: string;
  /** ISO instants: when the money was received, and when staff verified it (the receipt's date). */
  receivedAt: string;
  issuedAt: string;
  customerName: string;
  trip: string;
  quotationNumber: string;
  amountPaise: number;
  mode: PaymentMode;
  reference: string | null;
  fileName: string;
}

export function receiptPaperOf(agency: SiteSettings, inquiry: PayableInquiry, payment: PaymentRow): ReceiptPaper {
  const number = payment.receipt_number!;
  return {
    agency,
    number,
    receivedAt: new Date(payment.received_at).toISOString(),
    issuedAt: new Date(payment.verified_at ?? payment.created_at).toISOString(),
    customerName: inquiry.customerName,
    trip: inquiry.location,
    quotationNumber: inquiry.quotationNumber,
    amountPaise: payment.amount_paise,
    mode: payment.mode ?? 'upi',
    reference: payment.reference,
    fileName: `receipt-${number.replaceAll('/', '-')}.pdf`,
  };
}

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
