// The fonts our PDFs embed and a text call that sets each script in a font that has its letters. pdfkit draws a
// call's text in one font and has no fallback: DejaVu Sans (Latin, ₹) has no Devanagari, so a customer's name
// typed in Hindi or Marathi printed as empty boxes. Noto Sans Devanagari sets those runs (fontkit shapes them:
// conjuncts, reph, the i-matra before its consonant). Both come from npm packages; nothing is fetched at run time.
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { withoutControlCharacters } from '@safarnama/contract';

const require = createRequire(import.meta.url);
const FONTS = {
  body: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  'devanagari-body':
    require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
  'devanagari-bold':
    require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'),
} as const;

export type PdfWeight = 'body' | 'bold';
type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = PDFKit.Mixins.TextOptions;

/** Registers the fonts by name: 'body' and 'bold' for `doc.font(...)`, and their Devanagari companions. */
export function registerPdfFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
}

// Letters and marks written in Devanagari (the dandas too, shared with other scripts), and the zero-width
// (non-)joiners that shape it. Not spaces: the Devanagari font has none, so the words' spaces are DejaVu's.
const DEVANAGARI_RUNS = /((?:\p{Script_Extensions=Devanagari}|\u200C|\u200D)+)/u;

/** `text` cut into runs of one script each: Devanagari (odd places) and the rest (even places), none empty. */
export function scriptRuns(text: string): { text: string; devanagari: boolean }[] {
  return text
    .split(DEVANAGARI_RUNS)
    .map((run, i) => ({ text: run, devanagari: i % 2 === 1 }))
    .filter((run) => run.text !== '');
}

export interface StyledRun {
  text: string;
  weight: PdfWeight;
}

/**
 * Writes runs of text as one paragraph, as `doc.text(text, x, y, options)` would, each run in its weight and each
 * script in its font. `x` and `y` place the paragraph when given; otherwise it goes where the document is. Control
 * and text-direction characters stored before the contract refused them (its common.ts) are left out: the fonts
 * have no glyph for them, and a reader would see boxes.
 */
export function writeRuns(doc: Doc, runs: StyledRun[], options: TextOptions = {}, x?: number, y?: number): void {
  const pieces = runs.flatMap(({ text, weight }) =>
    scriptRuns(withoutControlCharacters(text)).map((run) => ({
      text: run.text,
      font: run.devanagari ? `devanagari-${weight}` : weight,
    })),
  );
  if (pieces.length === 0) pieces.push({ text: '', font: runs[0]?.weight ?? 'body' });
  pieces.forEach((piece, i) => {
    doc.font(piece.font);
    const pieceOptions = { ...options, continued: i < pieces.length - 1 || options.continued === true };
    if (i === 0 && x !== undefined) doc.text(piece.text, x, y, pieceOptions);
    else doc.text(piece.text, pieceOptions);
  });
  // The document's font stays the run's own, so a later plain doc.text() is not set in the Devanagari font.
  doc.font(runs.at(-1)?.weight ?? 'body');
}

/** `doc.text` for text from a user, which may be in any script: see writeRuns. */
export function writeText(
  doc: Doc,
  weight: PdfWeight,
  text: string,
  options: TextOptions = {},
  x?: number,
  y?: number,
): void {
  writeRuns(doc, [{ text, weight }], options, x, y);
}
