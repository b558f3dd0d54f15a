// Where a worker thread's module is: beside the caller in the source (TypeScript, run through tsx's loader in the
// thread, as under tsx and vitest), or at its path in the bundle tsup writes (tsup.config.ts names each entry).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `callerUrl` is the caller's import.meta.url; `source` the worker's path from the caller in the source tree
 * (`./pdf-worker.ts`); `built` its path from the bundle (`./papers/pdf-worker.js`).
 */
export function workerFile(callerUrl: string, source: string, built: string): { filename: string; execArgv: string[] } {
  if (callerUrl.endsWith('.ts')) return { filename: new URL(source, callerUrl).href, execArgv: ['--import', 'tsx'] };
  const bundled = new URL(built, callerUrl);
  if (!fs.existsSync(fileURLToPath(bundled))) throw new Error(`A worker's module is missing: ${bundled.href}`);
  return { filename: bundled.href, execArgv: [] };
}

/** piscina's errors for a task refused because every thread is busy and the queue is full (its errors.js). */
const QUEUE_FULL = /^(Task queue is at limit|No task queue available and all Workers are busy)$/;

/** Whether a piscina pool refused the task for want of room (the caller answers 503 with Retry-After). */
export const isQueueFull = (err: unknown) => err instanceof Error && QUEUE_FULL.test(err.message);
