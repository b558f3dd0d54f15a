// Data access for the CSV export (D27): the whole list, unsearched, in the list's order, as bytes of CSV lines.
// SQLite: keyset batches over the same sort indexes the list pages use (migration 002), so the millionth row costs
// what the first did, each row read as an array and written by inquiry-export-rows.ts, in a worker thread of its
// own connection (inquiry-export-pool.ts) so that no request waits behind the reading. PostgreSQL: one
// `COPY (SELECT …) TO STDOUT` whose cells the server writes (inquiry-export-sql.ts), streamed through
// pg-copy-streams as the client reads it. Neither makes an object of a row (docs/performance.md).
import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import type { DbHandle, Engine } from '../db/dialect';
import type { ExportPool } from './inquiry-export-pool';
import { SORT_COLUMN } from './inquiry.repository';
import { workflowConditions, type WorkflowFilter } from './inquiry-page.repository';
import { CrlfRowEnds, exportCellsSql } from './inquiry-export-sql';
import { EXPORT_AT, EXPORT_COLUMNS, exportRowLine, type ExportRow } from './inquiry-export-rows';

export interface ExportQuery {
  status?: string;
  /** D26's workflow filters. */
  workflow?: WorkflowFilter;
  sort: InquirySort;
  order: 'asc' | 'desc';
}

export interface ExportBatchQuery extends ExportQuery {
  /** On SQLite the workflow filters are hidden from the planner, so that the batch walks the sort index. */
  hideWorkflowFromIndex?: boolean;
  /** The last row of the previous batch: its sort value and id. */
  after?: { value: string | number; id: string };
  limit?: number;
}

/**
 * The visible inquiries after `after` (all without), ordered as the list orders them (sort column, then id):
 * PostgreSQL's cells for COPY, or SQLite's columns for inquiry-export-rows.ts.
 */
export function exportBatchQuery(engine: Engine, q: ExportBatchQuery) {
  const col = sql.ref(SORT_COLUMN[q.sort]);
  const dir = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  const cmp = sql.raw(q.order === 'asc' ? '>' : '<');
  const columns = engine === 'postgres' ? exportCellsSql : sql.join(EXPORT_COLUMNS.map((c) => sql.ref(c)));
  return sql<unknown>`
    SELECT ${columns} FROM inquiries
    WHERE deleted_at IS NULL
      ${q.status === undefined ? sql`` : sql`AND status = ${q.status}`}
      ${sql.join(
        workflowConditions(q.workflow, q.hideWorkflowFromIndex).map((c) => sql`AND ${c}`),
        sql` `,
      )}
      ${q.after === undefined ? sql`` : sql`AND (${col}, id) ${cmp} (${q.after.value}, ${q.after.id})`}
    ORDER BY ${col} ${dir}, id ${dir}
    ${q.limit === undefined ? sql`` : sql`LIMIT ${q.limit}`}`;
}

/**
 * The export's lines with their CRLFs, as bytes, chunk by chunk: settles once they start coming (an export may
 * wait for a thread of the pool first), or with the pool's 503 when its queue is full, before any byte is sent.
 */
export type ExportLines = (q: ExportQuery, options?: { batch?: number }) => Promise<AsyncIterable<Buffer>>;

/** SQLite rows per batch: read and written out in one go, in the export's thread, and passed on together. */
const SQLITE_BATCH = 2000;
/** Rows whose lines are made into bytes together. */
const FLUSH_ROWS = 200;
/** Bytes of COPY's output passed on together. */
const COPY_CHUNK = 512 * 1024;
/** How long one export's COPY may run (the pool's statement timeout of 15 s is for requests). */
const COPY_TIMEOUT_MS = 10 * 60_000;

/**
 * SQLite's export, batch by batch: keyset batches of `batch` rows, each row made into its line as it is read and
 * the lines into bytes every few hundred, so that neither lives long (a batch's worth of live values made each
 * young-generation collection copy them all, and collecting took longer than formatting). Synchronous: it runs in
 * the export's worker thread (inquiry-export-worker.ts), never on the event loop.
 */
export function* sqliteExportBatches(
  db: DbOrTx,
  sqlite: BetterSqlite3.Database,
  q: ExportQuery,
  batch: number = SQLITE_BATCH,
): Generator<Buffer> {
  const kept = new Map<string, BetterSqlite3.Statement>();
  const prepared = (text: string) => {
    let statement = kept.get(text);
    if (!statement) {
      statement = sqlite.prepare(text).raw(true);
      kept.set(text, statement);
    }
    return statement;
  };
  const sortAt = EXPORT_AT[SORT_COLUMN[q.sort]];
  let after: ExportBatchQuery['after'];
  for (;;) {
    const query = exportBatchQuery('sqlite', { ...q, hideWorkflowFromIndex: true, after, limit: batch });
    const { sql: text, parameters } = query.compile(db);
    let lines = '';
    let count = 0;
    let last: ExportRow | undefined;
    const parts: Buffer[] = [];
    for (const r of prepared(text).iterate(parameters as unknown[]) as IterableIterator<ExportRow>) {
      lines += exportRowLine(r);
      last = r;
      if (++count % FLUSH_ROWS === 0) {
        parts.push(Buffer.from(lines, 'utf8'));
        lines = '';
      }
    }
    parts.push(Buffer.from(lines, 'utf8'));
    if (count > 0) yield Buffer.concat(parts);
    if (count < batch || !last) return;
    after = { value: last[sortAt] as string | number, id: last[EXPORT_AT.id] as string };
  }
}

export function exportLines(
  db: DbOrTx,
  handle: Pick<DbHandle, 'file' | 'pool'>,
  exportPool: ExportPool | undefined,
): ExportLines {
  const { file, pool } = handle;
  if (file && exportPool) return (q, { batch = SQLITE_BATCH } = {}) => exportPool.lines(file, q, batch);
  if (pool) {
    const postgresLines = async function* (q: ExportQuery) {
      const { sql: select, parameters } = exportBatchQuery('postgres', q).compile(db);
      const client = await pool.connect();
      let finished = false;
      try {
        await client.query('BEGIN READ ONLY');
        await client.query(`SET LOCAL statement_timeout = ${COPY_TIMEOUT_MS}`);
        const rowEnds = new CrlfRowEnds();
        const copy = client.query(copyTo(`COPY (${inlined(select, parameters)}) TO STDOUT WITH (FORMAT csv)`));
        // COPY's chunks are a network read each (16 KiB or so); they go on in fewer, larger ones.
        let parts: Buffer[] = [];
        let size = 0;
        for await (const chunk of copy as AsyncIterable<Buffer>) {
          parts.push(rowEnds.convert(chunk));
          size += chunk.length;
          if (size >= COPY_CHUNK) {
            yield Buffer.concat(parts);
            parts = [];
            size = 0;
          }
        }
        if (size > 0) yield Buffer.concat(parts);
        await client.query('COMMIT');
        finished = true;
      } finally {
        // A reader gone midway (or an error) leaves a COPY running: the connection is closed, not reused.
        client.release(finished ? undefined : true);
      }
    };
    return async (q) => postgresLines(q);
  }
  throw new Error('The export needs the SQLite file and its export pool, or the PostgreSQL pool');
}

/** COPY takes no parameters: each is written into the statement as a literal (pg's quoting, or a finite number). */
function inlined(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = parameters[Number(n) - 1];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return pg.escapeLiteral(value);
    throw new Error(`The export cannot inline parameter $${n}`);
  });
}
