// PDF layout off the event loop (issue 54): every paper (pdf-papers.ts) is laid out in a pool of worker threads, so
// a request waiting for the database or a page is never held behind pdfkit's tens of milliseconds a page. Bounded:
// at most PDF_THREADS layouts at once (the cores less one, so one is left for the event loop) and PDF_QUEUE waiting;
// past that a burst is answered 503 with Retry-After rather than queued without end. piscina runs the threads
// (docs/performance.md, "PDFs", says why it). Workers start at the first PDF and end when idle.
import os from 'node:os';
import { Piscina } from 'piscina';
import { PDF_POOL_MESSAGES, PDF_RETRY_AFTER_SECONDS } from '@safarnama/contract';
import { RetryLater } from '../errors';
import { isQueueFull, workerFile } from '../lib/worker-file';
import type { PdfPaperData, PdfPaperKind } from './pdf-papers';
import type { PdfTask } from './pdf-worker';

export interface PdfPoolOptions {
  /** Layouts at once; absent: the cores less one, at least one. */
  threads?: number;
  /** Layouts that may wait for a thread; one more is refused (RetryLater). */
  queue: number;
}

export interface PdfPool {
  /** The paper of this kind laid out from `data`; RetryLater when every thread is busy and the queue is full. */
  render<K extends PdfPaperKind>(kind: K, data: PdfPaperData<K>): Promise<Buffer>;
  /** Threads running now (they start with the first PDF and end when idle or closed). */
  threads(): number;
  /** Ends the threads (the app's onClose); layouts still running are let finish. */
  close(): Promise<void>;
}

/** A thread left idle this long ends; the next PDF starts one again (a few hundred ms). */
const IDLE_MS = 60_000;

const defaultPdfThreads = () => Math.max(1, os.availableParallelism() - 1);

export function createPdfPool({ threads = defaultPdfThreads(), queue }: PdfPoolOptions): PdfPool {
  const { filename, execArgv } = workerFile(import.meta.url, './pdf-worker.ts', './papers/pdf-worker.js');
  const pool = new Piscina<PdfTask, Uint8Array>({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: threads,
    // One layout a thread at a time: pdfkit's work is all on the thread, so more would only interleave.
    concurrentTasksPerWorker: 1,
    maxQueue: queue,
    idleTimeout: IDLE_MS,
  });
  // piscina would start threads again for a task after close: the server shutting down must not.
  let closed = false;
  return {
    async render(kind, data) {
      if (closed) throw new Error('The PDF pool is closed');
      const bytes = await pool.run({ kind, data }).catch((err: unknown) => {
        // piscina refuses a task past its queue at once, with one of two messages (a queue of 0 has its own).
        if (isQueueFull(err)) {
          throw new RetryLater(PDF_POOL_MESSAGES.busy, PDF_RETRY_AFTER_SECONDS);
        }
        throw err;
      });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    threads: () => pool.threads.length,
    close: () => {
      closed = true;
      return pool.close();
    },
  };
}
