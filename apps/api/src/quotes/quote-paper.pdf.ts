// Lays a quotation version's paper (issue 51) out as an A4 PDF: the agency, "Quotation vN" with its dates, the trip,
// the days, the priced lines with the totals (GST when charged, per traveller), the advance and balance, notes,
// inclusions, exclusions and the terms. Text in any script stays selectable (lib/pdf-text.ts).
import { QUOTATION_ADVANCE_SHARE, QUOTE_MESSAGES, formatRupees, formatShortDate } from '@safarnama/contract';
import { PDF_COLORS, PDF_MARGIN, startPaper, writeAgencyHeader, writeContactFooter } from '../lib/pdf-layout';
import { writeText } from '../lib/pdf-text';
import type { QuotePaper } from './quote-paper';

const day = (ymd: string) => formatShortDate(`${ymd}T12:00:00+05:30`);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The lines' columns: x and width of the description, quantity, unit price and amount. */
const COLUMNS = { item: [PDF_MARGIN, 255], qty: [310, 40], unit: [355, 90], amount: [450, 95] } as const;

export function renderQuotePaperPdf(p: QuotePaper): Promise<Buffer> {
  const frame = startPaper({
    Title: `${p.title} ${p.number}`,
    Author: p.agency.name,
    Subject: `Trip quotation for ${p.customerName}`,
  });
  const { doc, width, heading, row, room } = frame;
  const v = p.version;

  writeAgencyHeader(doc, p.agency);
  doc.font('bold').fontSize(18).fillColor(PDF_COLORS.ink).text(p.title);
  doc.font('body').fontSize(10).fillColor(PDF_COLORS.muted);
  doc.text(`Quotation number: ${p.number}`);
  if (p.sentOn) doc.text(`Date: ${day(p.sentOn)}`);
  doc.text(`Valid until: ${day(v.validUntil)}`);
  if (v.status === 'accepted' && v.acceptedAt) {
    writeText(
      doc.fillColor(PDF_COLORS.brand),
      'bold',
      `Accepted by ${v.acceptedName ?? ''} on ${formatShortDate(v.acceptedAt)}`,
    );
  } else if (v.status === 'expired') {
    doc.font('bold').fillColor('#b91c1c').text(QUOTE_MESSAGES.paperExpired, { width });
  }
  doc.moveDown();

  heading('Trip');
  row('Prepared for', p.customerName);
  for (const item of p.trip) row(item.label, item.value);

  if (v.days.length > 0) {
    heading('Itinerary');
    for (const d of v.days) {
      room(
        doc.font('bold').fontSize(10.5).heightOfString(d.title, { width }) +
          doc.font('body').fontSize(10).heightOfString(d.text, { width }),
      );
      writeText(doc.fontSize(10.5).fillColor(PDF_COLORS.ink), 'bold', d.title, { width });
      if (d.text.trim()) writeText(doc.fontSize(10), 'body', d.text, { width, paragraphGap: 2 });
      doc.moveDown(0.4);
    }
  }

  heading('Price');
  const cells = (texts: [string, string, string, string], weight: 'body' | 'bold', color: string) => {
    room(doc.font(weight).heightOfString(texts[0], { width: COLUMNS.item[1] }));
    const y = doc.y;
    let end = y;
    (['item', 'qty', 'unit', 'amount'] as const).forEach((key, i) => {
      const [x, w] = COLUMNS[key];
      writeText(doc.fillColor(color), weight, texts[i]!, { width: w, align: i === 0 ? 'left' : 'right' }, x, y);
      end = Math.max(end, doc.y);
    });
    doc.x = PDF_MARGIN;
    doc.y = end + 3;
  };
  cells(['Item', 'Qty', 'Unit price', 'Amount'], 'bold', PDF_COLORS.muted);
  for (const line of v.lines) {
    cells(
      [line.description, String(line.quantity), formatRupees(line.unitPrice), formatRupees(line.price)],
      'body',
      PDF_COLORS.ink,
    );
  }
  doc
    .moveTo(PDF_MARGIN, doc.y)
    .lineTo(PDF_MARGIN + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.moveDown(0.4);
  if (v.totals.gst > 0) {
    row('Price', formatRupees(v.totals.price));
    row(`GST (${v.totals.gstPercent}%)`, formatRupees(v.totals.gst));
  }
  row(v.totals.gst > 0 ? 'Total, GST included' : 'Total', formatRupees(v.totals.total), true);
  row(`Per traveller (${plural(v.totals.travellers, 'traveller', 'travellers')})`, formatRupees(v.totals.perTraveller));
  row(`Advance (${QUOTATION_ADVANCE_SHARE * 100}%) to confirm`, formatRupees(p.amounts.advance));
  row('Balance', formatRupees(p.amounts.balance));

  if (v.notes.trim()) {
    heading('Notes');
    writeText(doc, 'body', v.notes, { width, paragraphGap: 2 });
  }
  for (const [title, list] of [
    ['Inclusions', v.inclusions],
    ['Exclusions', v.exclusions],
  ] as const) {
    if (list.length === 0) continue;
    heading(title);
    for (const item of list) writeText(doc, 'body', `•  ${item}`, { width, paragraphGap: 2 });
  }

  heading('Terms');
  for (const term of p.terms) doc.text(`•  ${term}`, { width, paragraphGap: 3 });

  writeContactFooter(frame, p.agency);
  return frame.finish();
}
