// Issue 53's vouchers. Each confirmed hotel or cab booking gets one, its facts (traveller, dates, what is provided,
// confirmation number, the supplier's name, address and phone) snapshotted in the confirmation's transaction and
// never changed: editing the inquiry or the supplier later leaves a voucher the traveller holds as it was. The
// agency's own contacts and its 24/7 number are printed as they are on the day of the download, so a changed
// number reaches the traveller. Once no hotel or cab booking of the trip is waiting for an answer, the customer is
// mailed once (voucher-mails.ts). The trip page lists the confirmed bookings and serves the vouchers.
import {
  VOUCHER_MESSAGES,
  hasVoucher,
  voucherFileName,
  type SiteSettings,
  type TripBooking,
  type VoucherKind,
} from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { notFound } from '../errors';
import { toIso } from '../lib/clock';
import { isId } from '../lib/ids';
import { findQuotableInquiry } from '../inquiries/inquiry-quotes';
import type { VoucherNotifier } from './voucher-mails';
import {
  findBookingForVoucher,
  findBookingStates,
  findVoucher,
  findVouchersOfInquiry,
  insertVoucher,
} from './voucher.repository';

/** What a voucher prints of its booking, kept as JSON in booking_vouchers.facts. */
interface VoucherFacts {
  kind: VoucherKind;
  confirmationNumber: string;
  /** ISO instant of the confirmation. */
  confirmedAt: string;
  travellerName: string;
  adults: number;
  kids: number;
  travelDate: string | null;
  tourDuration: string;
  destination: string;
  quotationNumber: string;
  lines: { description: string; quantity: number }[];
  supplier: { name: string; city: string; address: string; phone: string };
}

/** The voucher as the PDF lays it out (voucher.pdf.ts): its facts and the agency's contacts today. */
export interface VoucherPaper extends VoucherFacts {
  agency: SiteSettings;
  emergencyPhone: string;
  fileName: string;
}

/** Called in a booking's answer transaction (booking.service.ts), whichever way it was answered. */
export interface VoucherIssuer {
  answered(trx: DbOrTx, bookingId: string, at: number): Promise<void>;
}

const publicLines = (json: string) =>
  (JSON.parse(json) as { description: string; quantity: number }[]).map((l) => ({
    description: l.description,
    quantity: l.quantity,
  }));

const WAITING = new Set(['pending', 'requested']);

export function createVoucherIssuer(notifier: VoucherNotifier): VoucherIssuer {
  return {
    async answered(trx, bookingId, at) {
      const b = await findBookingForVoucher(trx, bookingId);
      if (!b) return;
      if (b.status === 'confirmed' && hasVoucher(b.supplier_kind)) {
        const inquiry = await findQuotableInquiry(trx, b.inquiry_id);
        if (!inquiry) return;
        const facts: VoucherFacts = {
          kind: b.supplier_kind,
          confirmationNumber: b.confirmation_number ?? '',
          confirmedAt: toIso(b.answered_at ?? at)!,
          travellerName: inquiry.customerName,
          adults: inquiry.adults,
          kids: inquiry.kids,
          travelDate: inquiry.travelDate,
          tourDuration: inquiry.tourDuration,
          destination: inquiry.location,
          quotationNumber: inquiry.quotationNumber,
          lines: publicLines(b.lines),
          supplier: {
            name: b.supplier_name,
            city: b.supplier_city,
            address: b.supplier_address,
            phone: b.supplier_phone,
          },
        };
        await insertVoucher(trx, {
          booking_id: b.id,
          inquiry_id: b.inquiry_id,
          facts: JSON.stringify(facts),
          issued_at: at,
        });
      }
      // The mail waits until no hotel or cab booking is still to be answered: one mail with every voucher.
      const states = (await findBookingStates(trx, b.inquiry_id)).filter((s) => hasVoucher(s.supplier_kind));
      if (states.some((s) => WAITING.has(s.status))) return;
      const vouchers = (await findVouchersOfInquiry(trx, b.inquiry_id)).map((v) => JSON.parse(v.facts) as VoucherFacts);
      if (vouchers.length === 0) return;
      await notifier.vouchersReady(
        trx,
        b.inquiry_id,
        vouchers.map((v) => ({ kind: v.kind, name: v.supplier.name, confirmationNumber: v.confirmationNumber })),
      );
    },
  };
}

/** The trip page's "What is booked": the confirmed bookings, each with its voucher's file name when it has one. */
export async function tripBookingsOf(db: DbOrTx, inquiryId: string): Promise<TripBooking[]> {
  const vouchers = new Map(
    (await findVouchersOfInquiry(db, inquiryId)).map((v) => [v.booking_id, JSON.parse(v.facts) as VoucherFacts]),
  );
  return (await findBookingStates(db, inquiryId))
    .filter((b) => b.status === 'confirmed')
    .map((b) => {
      const voucher = vouchers.get(b.id);
      return {
        _id: b.id,
        kind: b.supplier_kind,
        name: voucher?.supplier.name ?? b.supplier_name,
        city: voucher?.supplier.city ?? b.supplier_city,
        lines: voucher?.lines ?? publicLines(b.lines),
        confirmationNumber: b.confirmation_number ?? '',
        voucher: voucher ? voucherFileName(voucher.kind, voucher.confirmationNumber) : null,
      };
    });
}

/** `{bookingId}.pdf` of the inquiry's vouchers, or 404 (a malformed name, another trip's, not confirmed, no voucher). */
export async function voucherPaperOf(
  db: DbOrTx,
  agency: SiteSettings,
  emergencyPhone: string,
  inquiryId: string,
  file: string,
): Promise<VoucherPaper> {
  const bookingId = file.replace(/\.pdf$/, '');
  const row = isId(bookingId) ? await findVoucher(db, inquiryId, bookingId) : undefined;
  if (!row) throw notFound(VOUCHER_MESSAGES.notFound);
  const facts = JSON.parse(row.facts) as VoucherFacts;
  return { ...facts, agency, emergencyPhone, fileName: voucherFileName(facts.kind, facts.confirmationNumber) };
}
