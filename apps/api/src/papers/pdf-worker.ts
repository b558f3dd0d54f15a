// One PDF layout in a worker thread of the pool (pdf-pool.ts): the paper's registered layout (pdf-papers.ts) on the
// data the request sent, the file sent back.
import { lowerThreadPriority } from '../lib/thread-priority';
import { PDF_PAPERS, type PdfPaperKind } from './pdf-papers';

/**
 * Layouts yield the core to the event loop (a PDF is waited for by one person, every other request by everyone)
 * and take it from the CSV export, whose thread is lower still (inquiries/inquiry-export-worker.ts).
 */
const PDF_NICE = 5;
lowerThreadPriority(PDF_NICE);

export interface PdfTask {
  kind: PdfPaperKind;
  data: unknown;
}

export default async function layOut({ kind, data }: PdfTask): Promise<Uint8Array> {
  const layout = PDF_PAPERS[kind] as ((data: unknown) => Promise<Buffer>) | undefined;
  if (!layout) throw new Error(`No PDF paper is registered as ${kind}`);
  return layout(data);
}
