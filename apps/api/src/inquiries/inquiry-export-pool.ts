// SQLite's CSV export off the event loop (issue 54): reading a million rows and writing their lines takes seconds of
// CPU, which on the loop stalled every other request a batch at a time. Each export runs in a worker thread of a
// small piscina pool (as the PDFs do, papers/pdf-pool.ts) that reads through a connection of its own and passes the
// bytes back a batch at a time. Bounded: EXPORT_THREADS exports at once and EXPORT_QUEUE waiting for a thread; past
// that the export is refused with 503 and Retry-After before any byte is sent. PostgreSQL needs none of this: its
// server writes the CSV (COPY) and the loop only passes the bytes on.
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { EXPORT_POOL_MESSAGES, EXPORT_RETRY_AFTER_SECONDS } from '@safarnama/contract';
import { RetryLater } from '../errors';
import { isQueueFull, workerFile } from '../lib/worker-file';
import type { ExportQuery } from './inquiry-export.repository';
import type { ExportMessage, ExportTask } from './inquiry-export-worker';

export interface ExportPool {
  /** The export's bytes, once its thread has started (RetryLater when the queue is full). */
  lines(file: string, query: ExportQuery, batch: number): Promise<AsyncIterable<Buffer>>;
  close(): Promise<void>;
}

/** One export at a time a thread, and one thread: an export is a staff member's rare, long download. */
const EXPORT_THREADS = 1;
/** Exports that may wait for the thread; one more is refused. */
const EXPORT_QUEUE = 4;
/** A thread left idle this long ends (with its connection); the next export starts one again. */
const IDLE_MS = 60_000;

export function createExportPool({
  threads = EXPORT_THREADS,
  queue = EXPORT_QUEUE,
}: { threads?: number; queue?: number } = {}): ExportPool {
  const { filename, execArgv } = workerFile(
    import.meta.url,
    './inquiry-export-worker.ts',
    './inquiries/inquiry-export-worker.js',
  );
  const pool = new Piscina<ExportTask, void>({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    maxQueue: queue,
    idleTimeout: IDLE_MS,
  });
  return {
    async lines(file, query, batch) {
      const { port1: ours, port2: theirs } = new MessageChannel();
      const received: Buffer[] = [];
      let ended = false;
      let failure: unknown;
      let wake: (() => void) | undefined;
      const wakeUp = () => {
        wake?.();
        wake = undefined;
      };
      const started = new Promise<void>((resolve, reject) => {
        ours.on('message', (message: ExportMessage) => {
          if ('bytes' in message)
            received.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
          else ended = true;
          resolve();
          wakeUp();
        });
        pool.run({ file, query, batch, port: theirs }, { transferList: [theirs] }).then(
          () => resolve(),
          (err: unknown) => {
            failure = isQueueFull(err) ? new RetryLater(EXPORT_POOL_MESSAGES.busy, EXPORT_RETRY_AFTER_SECONDS) : err;
            reject(failure);
            wakeUp();
          },
        );
      });
      try {
        await started;
      } catch (err) {
        ours.close();
        throw err;
      }
      return (async function* read() {
        try {
          for (;;) {
            const bytes = received.shift();
            if (bytes) {
              yield bytes;
              ours.postMessage('more');
            } else if (failure !== undefined) throw failure;
            else if (ended) return;
            else await new Promise<void>((resolve) => (wake = resolve));
          }
        } finally {
          // A reader gone midway: the thread stops at its next batch (the port's close tells it too).
          if (!ended) ours.postMessage('stop');
          ours.close();
        }
      })();
    },
    close: () => pool.close(),
  };
}
