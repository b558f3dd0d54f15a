// Issue 53's vouchers: which bookings have one, the words of the paper, the trip page's list and the customer's
// "Your vouchers are ready" mail. Zod-free: the trip page imports it; trip-papers.ts holds the trip answer's shape.
import type { SupplierKind } from './supplier-rules';

/** The supplier kinds whose confirmed bookings get a voucher: what the traveller shows at a desk or to a driver. */
export const VOUCHER_KINDS = ['hotel', 'cab'] as const satisfies readonly SupplierKind[];
export type VoucherKind = (typeof VOUCHER_KINDS)[number];
export const hasVoucher = (kind: SupplierKind): kind is VoucherKind =>
  (VOUCHER_KINDS as readonly string[]).includes(kind);

/** A voucher's file name: its kind and confirmation number, nothing else a file system could trip on. */
export const voucherFileName = (kind: VoucherKind, confirmationNumber: string) =>
  `voucher-${kind}-${confirmationNumber.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'booking'}.pdf`;

export const VOUCHER_TEXT = {
  title: { hotel: 'Hotel voucher', cab: 'Cab voucher' } satisfies Record<VoucherKind, string>,
  /** The paper's words. */
  confirmationNo: 'Confirmation number',
  showThis: (kind: VoucherKind) =>
    kind === 'hotel'
      ? 'Please show this voucher at the reception when you check in.'
      : 'Please show this voucher to your driver when you are picked up.',
  guest: 'Guest',
  travellers: 'Travellers',
  trip: 'Trip',
  arrival: 'Arrival',
  duration: 'Duration',
  quotation: 'Quotation',
  provided: { hotel: 'Rooms', cab: 'Vehicle' } satisfies Record<VoucherKind, string>,
  supplierHeading: { hotel: 'Hotel', cab: 'Cab operator' } satisfies Record<VoucherKind, string>,
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  emergencyHeading: 'Help, day and night',
  emergency: (agency: string, phone: string) => `Anything wrong on your trip? Call ${agency} at any hour on ${phone}.`,
  confirmedOn: 'Confirmed on',
  notSet: 'Not set yet',
  /** The trip page (D34 keeps it for use offline). */
  bookedTitle: 'What is booked',
  bookedIntro: 'Your confirmed bookings. Show the voucher at the hotel or to your driver.',
  kind: { hotel: 'Hotel', cab: 'Cab', guide: 'Guide', activity: 'Activity', other: 'Booking' } satisfies Record<
    SupplierKind,
    string
  >,
  voucherPdf: 'Voucher (PDF)',
  downloadFailed: 'Failed to download the voucher',
  emergencyCall: (phone: string) => `24/7 help: call ${phone}`,
} as const;

/** The customer's mail once the hotel and cab bookings are answered (docs/suppliers.md, "Vouchers"). */
export const VOUCHER_MAIL_TEXT = {
  subject: (agency: string) => `Your vouchers are ready — ${agency}`,
  intro: 'Your bookings are confirmed and your vouchers are ready on your trip page.',
  howToOpen:
    'Open the trip link we sent you with your quotation, or sign in with this e-mail address. The trip page ' +
    'keeps your vouchers for use without a signal once you have opened it.',
  openTrip: 'Open your trip page',
  emergency: (phone: string) => `During your trip, call us at any hour on ${phone}.`,
} as const;

export const VOUCHER_MESSAGES = {
  notFound: 'Voucher not found',
} as const;
