// Lays a priced inquiry's quotation (D27, no sent version) out as an A4 PDF with pdfkit, in embedded fonts
// (lib/pdf-text.ts: the ₹ sign, Devanagari), so the text stays selectable.
import { formatRupees, formatShortDate, QUOTATION_BALANCE_HOURS, QUOTATION_ADVANCE_SHARE } from '@safarnama/contract';
import { PDF_COLORS, startPaper, writeAgencyHeader, writeContactFooter } from '../lib/pdf-layout';
import { writeText } from '../lib/pdf-text';
import type { Quotation } from './inquiry-quotation.service';

/** Renders the quotation; resolves with the whole file (a page or two, a few tens of KB). */
export function renderQuotationPdf(q: Quotation): Promise<Buffer> {
  const frame = startPaper({
    Title: `Quotation ${q.number}`,
    Author: q.agency.name,
    Subject: `Trip quotation for ${q.customer.name}`,
  });
  const { doc, width, heading, row } = frame;

  // Header: the agency and its contacts, the quotation's number and date.
  writeAgencyHeader(doc, q.agency);
  doc.font('bold').fontSize(16).fillColor(PDF_COLORS.ink).text('Quotation');
  doc.font('body').fontSize(10).fillColor(PDF_COLORS.muted);
  doc.text(`Quotation number: ${q.number}`);
  doc.text(`Date: ${formatShortDate(`${q.date}T12:00:00+05:30`)}`);
  doc.moveDown();

  heading('Customer');
  row('Name', q.customer.name);
  row('E-mail', q.customer.email);
  row('WhatsApp', q.customer.whatsapp);

  heading('Trip');
  for (const item of q.trip) row(item.label, item.value);

  if (q.package) {
    // D26: the package asked about, as the catalogue describes it (its bold markers are for the web page).
    const plain = (text: string) => text.replaceAll('**', '');
    heading(`Package: ${q.package.title}`);
    if (q.package.itinerary.trim()) {
      doc.font('bold').text('Itinerary');
      writeText(doc, 'body', plain(q.package.itinerary), { width, paragraphGap: 3 });
    }
    for (const [title, list] of [
      ['Inclusions', q.package.inclusions],
      ['Exclusions', q.package.exclusions],
    ] as const) {
      if (list.length === 0) continue;
      doc.moveDown(0.3).font('bold').text(title);
      doc.font('body');
      for (const item of list) writeText(doc, 'body', `•  ${plain(item)}`, { width, paragraphGap: 2 });
    }
  }

  heading('Price');
  row('Total package cost', formatRupees(q.amounts.total), true);
  row(`Advance (${QUOTATION_ADVANCE_SHARE * 100}%) to confirm`, formatRupees(q.amounts.advance));
  row('Balance', `${formatRupees(q.amounts.balance)}, due at least ${QUOTATION_BALANCE_HOURS} hours before the trip`);

  heading('Terms');
  for (const term of q.terms) doc.text(`•  ${term}`, { width, paragraphGap: 3 });

  writeContactFooter(frame, q.agency);
  return frame.finish();
}
