// Issue 53: a confirmed hotel or cab booking's voucher as an A4 PDF, laid out from its snapshot (voucher.service.ts)
// and the agency's contacts: what the traveller shows at the reception or to the driver, and whom to call at any
// hour. Never a price, a cost or another booking.
import { VOUCHER_TEXT, bookingLineText, formatShortDate, travellersText } from '@safarnama/contract';
import { PDF_COLORS, startPaper, writeAgencyHeader, writeContactFooter } from '../lib/pdf-layout';
import { writeText } from '../lib/pdf-text';
import type { VoucherPaper } from './voucher.service';

const day = (ymd: string) => formatShortDate(`${ymd}T12:00:00+05:30`);

export function renderVoucherPdf(p: VoucherPaper): Promise<Buffer> {
  const title = VOUCHER_TEXT.title[p.kind];
  const frame = startPaper({
    Title: `${title} ${p.confirmationNumber}`,
    Author: p.agency.name,
    Subject: `${title} for ${p.travellerName}`,
  });
  const { doc, heading, row, width } = frame;
  writeAgencyHeader(doc, p.agency);
  doc.font('bold').fontSize(18).fillColor(PDF_COLORS.ink).text(title);
  doc.moveDown(0.3);
  writeText(
    doc.fontSize(13).fillColor(PDF_COLORS.brand),
    'bold',
    `${VOUCHER_TEXT.confirmationNo}: ${p.confirmationNumber}`,
  );
  doc.font('body').fontSize(10).fillColor(PDF_COLORS.muted).text(VOUCHER_TEXT.showThis(p.kind), { width });
  doc.moveDown();

  heading(VOUCHER_TEXT.guest);
  row(VOUCHER_TEXT.guest, p.travellerName, true);
  row(VOUCHER_TEXT.travellers, travellersText(p.adults, p.kids));
  row(VOUCHER_TEXT.trip, p.destination);
  row(VOUCHER_TEXT.arrival, p.travelDate ? day(p.travelDate) : VOUCHER_TEXT.notSet);
  if (p.tourDuration) row(VOUCHER_TEXT.duration, p.tourDuration);
  row(VOUCHER_TEXT.quotation, p.quotationNumber);

  heading(VOUCHER_TEXT.provided[p.kind]);
  p.lines.forEach((l, i) => row(`${i + 1}.`, bookingLineText(l)));

  heading(VOUCHER_TEXT.supplierHeading[p.kind]);
  row(VOUCHER_TEXT.name, [p.supplier.name, p.supplier.city].filter(Boolean).join(', '), true);
  if (p.supplier.address) row(VOUCHER_TEXT.address, p.supplier.address);
  if (p.supplier.phone) row(VOUCHER_TEXT.phone, p.supplier.phone);
  row(VOUCHER_TEXT.confirmedOn, formatShortDate(p.confirmedAt));

  heading(VOUCHER_TEXT.emergencyHeading);
  writeText(
    doc.fontSize(11).fillColor(PDF_COLORS.ink),
    'bold',
    VOUCHER_TEXT.emergency(p.agency.name, p.emergencyPhone),
    {
      width,
    },
  );

  writeContactFooter(frame, p.agency);
  return frame.finish();
}
