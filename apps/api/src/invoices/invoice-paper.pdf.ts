// Lays a kept invoice or credit note (D32) out as an A4 PDF: the supplier (legal name, GSTIN, address), the paper's
// title, number and date, the recipient (name, address, state, GSTIN), the invoice a credit note is against and why, the one
// service line (SAC, description), the taxable value, each tax, the total and the amount in words.
import { formatRupees, formatShortDate } from '@safarnama/contract';
import { PDF_COLORS, startPaper } from '../lib/pdf-layout';
import { writeText } from '../lib/pdf-text';
import type { InvoicePaper } from './invoice-paper';

const day = (ymd: string) => formatShortDate(`${ymd}T12:00:00+05:30`);
const rupees = (paise: number) => formatRupees(paise / 100);

export function renderInvoicePdf(p: InvoicePaper): Promise<Buffer> {
  const frame = startPaper({ Title: `${p.title} ${p.number}`, Author: p.seller.name, Subject: p.title });
  const { doc, width, heading, row } = frame;

  writeText(doc.fontSize(18).fillColor(PDF_COLORS.brand), 'bold', p.seller.name, { width });
  doc.fontSize(9).fillColor(PDF_COLORS.muted);
  if (p.seller.tradeName) writeText(doc, 'body', `Trading as ${p.seller.tradeName}`, { width });
  if (p.seller.address) writeText(doc, 'body', p.seller.address, { width });
  if (p.seller.gstin) writeText(doc, 'body', `GSTIN ${p.seller.gstin} · State ${p.seller.state ?? ''}`, { width });
  writeText(doc, 'body', `Phone ${p.seller.phone} · ${p.seller.email}`, { width });
  doc.moveDown(1);

  doc.font('bold').fontSize(16).fillColor(PDF_COLORS.ink).text(p.title);
  doc.moveDown(0.3);
  doc.font('body').fontSize(10);
  row(p.kind === 'creditNote' ? 'Credit note number' : 'Invoice number', p.number, true);
  row('Date', day(p.date));
  if (p.against) row('Against invoice', `${p.against.number} of ${day(p.against.date)}`);
  if (p.taxes.length > 0) row('Reverse charge', 'No');

  heading('Billed to');
  row('Name', p.buyer.name);
  if (p.buyer.address) row('Address', p.buyer.address);
  row('E-mail', p.buyer.email);
  if (p.buyer.state) row(p.placeOfSupply ? 'State (place of supply)' : 'State', p.buyer.state);
  if (p.buyer.gstin) row('GSTIN', p.buyer.gstin);

  heading(p.kind === 'creditNote' ? 'Credited' : 'Service');
  if (p.reason) row('Reason', p.reason);
  if (p.sac) row('SAC', p.sac);
  row('Description', p.description);
  row(
    'Trip',
    [p.trip.travelDate ? `from ${day(p.trip.travelDate)}` : '', p.trip.travellers].filter(Boolean).join(', '),
  );
  row('Quotation', `Version ${p.trip.version}`);

  heading('Amount');
  if (p.taxes.length > 0) {
    row('Taxable value', rupees(p.amounts.taxablePaise));
    for (const tax of p.taxes) row(`${tax.name} at ${tax.percent}%`, rupees(tax.paise));
  }
  row(p.taxes.length > 0 ? 'Total, tax included' : 'Total', rupees(p.amounts.totalPaise), true);
  row('In words', p.words);

  frame.doc.moveDown(2);
  writeText(frame.doc.fontSize(10).fillColor(PDF_COLORS.ink), 'body', `For ${p.seller.name}`, { width });
  writeText(frame.doc.fontSize(9).fillColor(PDF_COLORS.muted), 'body', 'Authorised signatory', { width });
  return frame.finish();
}
