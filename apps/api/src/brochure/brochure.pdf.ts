// Lays a package out as an A4 brochure with pdfkit: the agency, the package's photos, price, duration,
// destinations, overview, itinerary, inclusions, exclusions and notes, and how to book. In embedded fonts
// (lib/pdf-text.ts: the ₹ sign, Devanagari), as the quotation, so the text stays selectable.
import PDFDocument from 'pdfkit';
import { formatRupees, pluralDays, type SiteSettings, type TourPackage } from '@safarnama/contract';
import { registerPdfFonts, writeRuns, writeText } from '../lib/pdf-text';

const BRAND = '#0f4c5c';
const ACCENT = '#b45309';
const INK = '#1c1917';
const MUTED = '#57534e';
const MARGIN = 50;

/**
 * The layout's edition, part of every kept brochure's version (brochure.service.ts): raise it with any change to
 * what this module or lib/pdf-text.ts draws, so brochures kept from the older layout are made anew.
 */
export const BROCHURE_LAYOUT = 1;

export interface BrochureInput {
  pkg: TourPackage;
  site: SiteSettings;
  /** The package's page, printed for readers of a paper copy. */
  url: string;
  /** The package's photos as JPEG, in order (pdfkit draws JPEG and PNG, not WebP). */
  photos: Buffer[];
}

/** Renders the brochure; resolves with the whole file. */
export function renderBrochurePdf({ pkg, site, url, photos }: BrochureInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${pkg.name} — ${site.name}`, Author: site.name, Subject: `Tour package: ${pkg.name}` },
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const contacts = `Phone ${site.phone}  ·  WhatsApp +${site.whatsapp}  ·  ${site.email}`;

  // The agency, then the package.
  writeText(doc.fontSize(14).fillColor(BRAND), 'bold', site.name, {}, MARGIN, MARGIN);
  writeText(doc.fontSize(8.5).fillColor(MUTED), 'body', contacts);
  doc.moveDown(1);
  writeText(doc.fontSize(22).fillColor(INK), 'bold', pkg.name, { width });
  if (pkg.description) writeText(doc.fontSize(11).fillColor(MUTED), 'body', pkg.description, { width });
  doc.moveDown(0.6);

  // The cover photo across the page, the next three beneath it.
  const [cover, ...more] = photos;
  if (cover) {
    const height = 250;
    const y = doc.y;
    doc.image(cover, MARGIN, y, { cover: [width, height], align: 'center', valign: 'center' });
    doc.y = y + height + 6;
    const thumbs = more.slice(0, 3);
    if (thumbs.length) {
      const gap = 6;
      const thumbWidth = (width - 2 * gap) / 3;
      const thumbY = doc.y;
      thumbs.forEach((photo, i) => {
        doc.image(photo, MARGIN + i * (thumbWidth + gap), thumbY, {
          cover: [thumbWidth, 90],
          align: 'center',
          valign: 'center',
        });
      });
      doc.y = thumbY + 96;
    }
    doc.x = MARGIN;
  }

  // The facts, in one band.
  doc.moveDown(0.4);
  const bandY = doc.y;
  const facts: [string, string][] = [
    ['Price per person', `From ${formatRupees(pkg.price)}`],
    ['Duration', pluralDays(pkg.duration)],
    ['Destinations', pkg.description || '—'],
  ];
  const column = width / 3;
  let bandBottom = bandY;
  facts.forEach(([label, value], i) => {
    const x = MARGIN + i * column;
    doc
      .font('body')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, bandY, { width: column - 10 });
    writeText(doc.fontSize(11).fillColor(i === 0 ? ACCENT : INK), 'bold', value, { width: column - 10 }, x, doc.y + 2);
    bandBottom = Math.max(bandBottom, doc.y);
  });
  doc.x = MARGIN;
  doc.y = bandBottom + 6;

  const heading = (title: string) => {
    doc.moveDown(0.8);
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    writeText(doc.fontSize(13).fillColor(BRAND), 'bold', title, { width }, MARGIN, doc.y);
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor('#d6d3d1')
      .stroke();
    doc.moveDown(0.5);
    doc.font('body').fontSize(10).fillColor(INK);
  };
  /** A line of package text at `x` (and the current y), its **bold** runs in bold. */
  const richLine = (line: string, x = MARGIN) => {
    const runs = line
      .split(/\*\*(.+?)\*\*/g)
      .map((text, i) => ({ text, weight: i % 2 === 1 ? ('bold' as const) : ('body' as const) }))
      .filter((run) => run.text);
    writeRuns(doc.fontSize(10).fillColor(INK), runs, { width: MARGIN + width - x }, x, doc.y);
    doc.x = MARGIN;
  };
  const paragraphs = (text: string) => {
    for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
      const lines = paragraph.split('\n').filter((l) => l.trim());
      for (const line of lines) richLine(line.trim());
      if (lines.length) doc.moveDown(0.5);
    }
  };
  const bullets = (items: string[], mark: string) => {
    for (const item of items) {
      const y = doc.y;
      doc.font('bold').fontSize(10).fillColor(BRAND).text(mark, MARGIN, y, { width: 14 });
      doc.y = y;
      richLine(item, MARGIN + 16);
      doc.moveDown(0.25);
    }
  };

  heading('Overview');
  paragraphs(pkg.packageOverview);
  heading('Tour itinerary');
  paragraphs(pkg.tourItinerary);
  heading('Inclusions');
  bullets(pkg.inclusions, '✓');
  heading('Exclusions');
  bullets(pkg.exclusions, '✗');
  heading('Important notes');
  bullets(pkg.importantNotes, '•');

  heading(`Book with ${site.name}`);
  writeText(doc, 'body', `Every package can be tailored to your dates and budget. ${contacts}`, { width });
  doc.fillColor(BRAND).text(url, { width, link: url, underline: true });

  doc.end();
  return done;
}
