// One SQLite CSV export in a worker thread of the export pool (inquiry-export-pool.ts): the rows read from the
// thread's own read-only connection (WAL lets it read beside the server's writer) and made into lines here, the
// bytes sent to the request's port a batch at a time, never more than a few batches ahead of the reader.
import type { MessagePort } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import SQLite from '../db/sqlite-driver';
import type { Database } from '../db/database';
import { lowerThreadPriority } from '../lib/thread-priority';
import { sqliteExportBatches, type ExportQuery } from './inquiry-export.repository';

export interface ExportTask {
  file: string;
  query: ExportQuery;
  batch: number;
  /** Where the bytes go; 'more' comes back for each batch taken, 'stop' when the reader is gone. */
  port: MessagePort;
}

/** What the thread sends on the task's port: a batch of lines, then the end. */
export type ExportMessage = { bytes: Uint8Array } | { end: true };

/** Batches sent and not yet taken: the memory an export holds stays flat however slow its reader. */
const BATCHES_AHEAD = 4;

/**
 * The export's thread runs at a low priority: on the server's one core the event loop, whose every request waits
 * behind it otherwise, gets the core whenever it has work, and the export takes what is left (bench:day).
 */
const EXPORT_NICE = 15;
lowerThreadPriority(EXPORT_NICE);

/** A thread keeps its connection for the next export (one database a server). */
const connections = new Map<string, { sqlite: BetterSqlite3.Database; db: Kysely<Database> }>();

function connection(file: string) {
  let open = connections.get(file);
  if (!open) {
    const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    open = { sqlite, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }) };
    connections.set(file, open);
  }
  return open;
}

/** A Buffer may be a view of a larger shared one: the bytes are moved to the reader in one of their own. */
const ownBytes = (chunk: Buffer) =>
  chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength
    ? new Uint8Array(chunk.buffer)
    : new Uint8Array(chunk);

export default async function exportRows({ file, query, batch, port }: ExportTask): Promise<void> {
  let credit = BATCHES_AHEAD;
  let stopped = false;
  let wake: (() => void) | undefined;
  const stop = () => {
    stopped = true;
    wake?.();
  };
  port.on('message', (message: 'more' | 'stop') => {
    if (message === 'stop') return stop();
    credit++;
    wake?.();
  });
  // The reader's side closed (its request gone): a 'stop' posted just before may never arrive.
  port.on('close', stop);
  try {
    const { sqlite, db } = connection(file);
    for (const chunk of sqliteExportBatches(db, sqlite, query, batch)) {
      while (credit === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) return;
      credit--;
      const bytes = ownBytes(chunk);
      port.postMessage({ bytes } satisfies ExportMessage, [bytes.buffer as ArrayBuffer]);
    }
    port.postMessage({ end: true } satisfies ExportMessage);
  } finally {
    port.close();
  }
}
