// The A4 frame the quotation papers share (D27's priced quotation and a version's, issue 51): a pdfkit document in
// the embedded fonts that resolves as one Buffer, the agency's header, and headed sections of label–value rows.
import PDFDocument from 'pdfkit';
import type { SiteSettings } from '@safarnama/contract';
import { registerPdfFonts, writeText } from './pdf-text';

export const PDF_MARGIN = 50;
export const PDF_COLORS = { brand: '#0f4c5c', muted: '#57534e', ink: '#1c1917', rule: '#d6d3d1' } as const;

type Doc = InstanceType<typeof PDFDocument>;

export interface PaperFrame {
  doc: Doc;
  /** The text width between the margins. */
  width: number;
  /** Ends the document; resolves with the whole file (a page or a few, tens of KB). */
  finish: () => Promise<Buffer>;
  /** A section title in the brand colour over a thin rule; the text after it is body size. */
  heading: (title: string) => void;
  /** A label on the left, its value (any script) beside it. */
  row: (label: string, value: string, bold?: boolean) => void;
  /** Starts a new page unless `height` points fit above the bottom margin (a block is never split by a page). */
  room: (height: number) => void;
}

export function startPaper(info: PDFKit.DocumentInfo): PaperFrame {
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * PDF_MARGIN;
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - PDF_MARGIN) doc.addPage();
  };
  return {
    doc,
    width,
    room,
    finish: () => {
      doc.end();
      return done;
    },
    heading: (title) => {
      // A heading keeps a few lines of its section with it.
      room(70);
      doc.moveDown(0.6);
      writeText(doc.fontSize(12).fillColor(PDF_COLORS.brand), 'bold', title);
      doc
        .moveTo(PDF_MARGIN, doc.y + 2)
        .lineTo(PDF_MARGIN + width, doc.y + 2)
        .lineWidth(0.5)
        .strokeColor(PDF_COLORS.rule)
        .stroke();
      doc.moveDown(0.4);
      doc.font('body').fontSize(10).fillColor(PDF_COLORS.ink);
    },
    row: (label, value, bold = false) => {
      room(doc.font(bold ? 'bold' : 'body').heightOfString(value, { width: width - 165 }));
      const y = doc.y;
      doc.font('body').fillColor(PDF_COLORS.muted).text(label, PDF_MARGIN, y, { width: 160 });
      const labelBottom = doc.y;
      writeText(doc.fillColor(PDF_COLORS.ink), bold ? 'bold' : 'body', value, { width: width - 165 }, 215, y);
      doc.y = Math.max(doc.y, labelBottom);
      doc.x = PDF_MARGIN;
    },
  };
}

/** The agency's name and its contacts, at the top of the first page. */
export function writeAgencyHeader(doc: Doc, agency: Pick<SiteSettings, 'name' | 'phone' | 'email' | 'whatsapp'>) {
  writeText(doc.fontSize(20).fillColor(PDF_COLORS.brand), 'bold', agency.name, {}, PDF_MARGIN, PDF_MARGIN);
  doc.fontSize(9).fillColor(PDF_COLORS.muted);
  writeText(doc, 'body', `Phone ${agency.phone}  ·  WhatsApp +${agency.whatsapp}  ·  ${agency.email}`);
  doc.moveDown(1.2);
}

/** The closing line: how to reach the agency. */
export function writeContactFooter(frame: PaperFrame, agency: Pick<SiteSettings, 'phone' | 'email'>) {
  frame.doc.moveDown(1.5);
  writeText(
    frame.doc.fontSize(9).fillColor(PDF_COLORS.muted),
    'body',
    `Questions? Call ${agency.phone} or write to ${agency.email}.`,
    { width: frame.width },
  );
}
