// Data access for the CSV export (D27): the whole list, unsearched, in the list's order, as bytes of CSV lines.
// SQLite: keyset batches over the same sort indexes the list pages use (migration 002), so the millionth row costs
// what the first did, each row read as an array and written by inquiry-export-rows.ts. PostgreSQL: one
// `COPY (SELECT …) TO STDOUT` whose cells the server writes (inquiry-export-sql.ts), streamed through
// pg-copy-streams as the client reads it. Neither makes an object of a row (docs/performance.md).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import type { DbHandle, Engine } from '../db/dialect';
import { SORT_COLUMN } from './inquiry.repository';
import { workflowConditions, type WorkflowFilter } from './inquiry-page.repository';
import { CrlfRowEnds, exportCellsSql } from './inquiry-export-sql';
import { EXPORT_AT, EXPORT_COLUMNS, exportRowLine, type ExportRow } from './inquiry-export-rows';

interface ExportQuery {
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

/** The export's lines with their CRLFs, as bytes, chunk by chunk. */
export type ExportLines = (q: ExportQuery, options?: { batch?: number }) => AsyncIterable<Buffer>;

/** SQLite rows per batch: read and written out in one go, a few milliseconds no other request waits behind. */
const SQLITE_BATCH = 2000;
/** Rows whose lines are made into bytes together. */
const FLUSH_ROWS = 200;
/** Statements a SQLite reader keeps prepared: one per filter shape (status, workflow, sort, first or next batch). */
const STATEMENTS_KEPT = 64;
/** Bytes of COPY's output passed on together. */
const COPY_CHUNK = 512 * 1024;
/** How long one export's COPY may run (the pool's statement timeout of 15 s is for requests). */
const COPY_TIMEOUT_MS = 10 * 60_000;

export function exportLines(db: DbOrTx, handle: Pick<DbHandle, 'engine' | 'sqlite' | 'pool'>): ExportLines {
  const { engine, sqlite, pool } = handle;
  if (sqlite) {
    const kept = new Map<string, ReturnType<typeof sqlite.prepare>>();
    const prepared = (text: string) => {
      let statement = kept.get(text);
      if (!statement) {
        statement = sqlite.prepare(text).raw(true);
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(text, statement);
      }
      return statement;
    };
    return async function* sqliteLines(q, { batch = SQLITE_BATCH } = {}) {
      const sortAt = EXPORT_AT[SORT_COLUMN[q.sort]];
      let after: ExportBatchQuery['after'];
      for (;;) {
        const query = exportBatchQuery(engine, { ...q, hideWorkflowFromIndex: true, after, limit: batch });
        const { sql: text, parameters } = query.compile(db);
        // Each row made into its line as it is read, and the lines into bytes every few hundred, so that neither
        // lives long: a batch's worth of live values made each young-generation collection copy them all, and
        // collecting took longer than formatting.
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
        // Other requests get their turn between batches even when the reader takes each chunk at once.
        await nextTurn();
      }
    };
  }
  if (pool) {
    return async function* postgresLines(q) {
      const { sql: select, parameters } = exportBatchQuery(engine, q).compile(db);
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
  }
  throw new Error('The export needs the SQLite connection or the PostgreSQL pool');
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
