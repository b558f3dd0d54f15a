// Lays a quotation out as an A4 PDF with pdfkit, in embedded fonts (lib/pdf-text.ts: the ₹ sign, Devanagari), so
// the text stays selectable.
import PDFDocument from 'pdfkit';
import { formatRupees, formatShortDate, QUOTATION_BALANCE_HOURS, QUOTATION_ADVANCE_SHARE } from '@safarnama/contract';
import { registerPdfFonts, writeText } from '../lib/pdf-text';
import type { Quotation } from './inquiry-quotation.service';

const BRAND = '#0f4c5c';
const MUTED = '#57534e';

/** Renders the quotation; resolves with the whole file (a page or two, a few tens of KB). */
export function renderQuotationPdf(q: Quotation): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Quotation ${q.number}`, Author: q.agency.name, Subject: `Trip quotation for ${q.customer.name}` },
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 100;

  // Header: the agency and its contacts, the quotation's number and date.
  writeText(doc.fontSize(20).fillColor(BRAND), 'bold', q.agency.name, {}, 50, 50);
  doc.fontSize(9).fillColor(MUTED);
  writeText(doc, 'body', `Phone ${q.agency.phone}  ·  WhatsApp +${q.agency.whatsapp}  ·  ${q.agency.email}`);
  doc.moveDown(1.2);
  doc.font('bold').fontSize(16).fillColor('#1c1917').text('Quotation');
  doc.font('body').fontSize(10).fillColor(MUTED);
  doc.text(`Quotation number: ${q.number}`);
  doc.text(`Date: ${formatShortDate(`${q.date}T12:00:00+05:30`)}`);
  doc.moveDown();

  const heading = (title: string) => {
    doc.moveDown(0.6);
    writeText(doc.fontSize(12).fillColor(BRAND), 'bold', title);
    doc
      .moveTo(50, doc.y + 2)
      .lineTo(50 + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor('#d6d3d1')
      .stroke();
    doc.moveDown(0.4);
    doc.font('body').fontSize(10).fillColor('#1c1917');
  };
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font('body').fillColor(MUTED).text(label, 50, y, { width: 160 });
    const labelBottom = doc.y;
    writeText(doc.fillColor('#1c1917'), bold ? 'bold' : 'body', value, { width: width - 165 }, 215, y);
    doc.y = Math.max(doc.y, labelBottom);
    doc.x = 50;
  };

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

  doc.moveDown(1.5);
  writeText(
    doc.fontSize(9).fillColor(MUTED),
    'body',
    `Questions? Call ${q.agency.phone} or write to ${q.agency.email}.`,
    {
      width,
    },
  );
  doc.end();
  return done;
}
