// D31's receipt as it is printed: made once, when the payment is verified, and kept whole in the ledger entry
// (payments.receipt_paper, JSON), so the PDF drawn from it later says what it said that day whatever the inquiry
// (its customer's name, its destination) or the agency's settings say since. As invoices keep theirs
// (invoices/invoice-paper.ts).
import type { PaymentMode, SiteSettings } from '@safarnama/contract';
import type { PayableInquiry } from '../inquiries/inquiry-payments';
import type { PaymentRow } from './payment.repository';

/** The agency as a receipt's header and footer print it. */
export type ReceiptAgency = Pick<SiteSettings, 'name' | 'phone' | 'email' | 'whatsapp'>;

export interface ReceiptPaper {
  agency: ReceiptAgency;
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

/** What migration 032 kept of a receipt issued before receipts were stored: all but the agency. */
type StoredReceipt = Omit<ReceiptPaper, 'agency'> & { agency: ReceiptAgency | null };

/** The file a receipt is downloaded and mailed as: its number, e.g. RCT-2026-27-0001.pdf. */
const receiptFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

export const receiptAgencyOf = (site: SiteSettings): ReceiptAgency => ({
  name: site.name,
  phone: site.phone,
  email: site.email,
  whatsapp: site.whatsapp,
});

/**
 * The paper of a receipt being issued: `payment` verified and numbered now. Stored with the entry
 * (JSON.stringify) in the transaction that numbers it.
 */
export function issueReceiptPaper(
  agency: ReceiptAgency,
  inquiry: PayableInquiry,
  payment: Pick<
    PaymentRow,
    'receipt_number' | 'received_at' | 'verified_at' | 'created_at' | 'amount_paise' | 'mode' | 'reference'
  >,
): ReceiptPaper {
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
    fileName: receiptFileName(number),
  };
}

/**
 * The issued receipt of a ledger entry as it was printed, or undefined when the entry has none (a claim, a
 * reversal). A receipt kept by migration 032 without its agency prints today's agency (the one gap it leaves).
 */
export function storedReceiptPaper(payment: PaymentRow, agency: ReceiptAgency): ReceiptPaper | undefined {
  if (payment.receipt_number === null || payment.receipt_paper === null) return undefined;
  const stored = JSON.parse(payment.receipt_paper) as StoredReceipt;
  return { ...stored, agency: stored.agency ?? agency };
}
