// Data access for the CSV export (D27): the whole list, unsearched, in the list's order, in keyset batches over
// the same sort indexes the list pages use (migration 002), so the millionth row costs what the first did. Each
// row comes as its CSV line, written by the database (inquiry-export-sql.ts), with its keyset, as an array
// straight from the driver (better-sqlite3's raw rows, pg's array rows): no row object is made.
import { sql } from 'kysely';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import type { DbHandle, Engine } from '../db/dialect';
import { SORT_COLUMN } from './inquiry.repository';
import { exportLineSql } from './inquiry-export-sql';
import { EXPORT_AT, EXPORT_COLUMNS, exportRowLines, type ExportRow } from './inquiry-export-rows';
import { workflowConditions, type WorkflowFilter } from './inquiry-page.repository';

/** A batch: its CSV lines with their CRLFs, how many, and its last row's sort value and id (the next batch's start). */
export interface ExportBatch {
  lines: string;
  count: number;
  last?: { value: string | number; id: string };
}

export interface ExportBatchQuery {
  status?: string;
  /** D26's workflow filters; on SQLite hidden from the planner so that the batch walks the sort index. */
  workflow?: WorkflowFilter;
  hideWorkflowFromIndex?: boolean;
  sort: InquirySort;
  order: 'asc' | 'desc';
  /** The last row of the previous batch: its sort value and id. */
  after?: { value: string | number; id: string };
  limit: number;
}

/** The next batch of visible inquiries after `after`, ordered as the list orders them (sort column, then id). */
export function exportBatchQuery(engine: Engine, q: ExportBatchQuery) {
  const col = sql.ref(SORT_COLUMN[q.sort]);
  // PostgreSQL writes each line, with the keyset after it; SQLite answers the columns the lines are made from.
  const columns =
    engine === 'postgres'
      ? sql`${exportLineSql} AS line, ${col}, id`
      : sql.join(EXPORT_COLUMNS.map((c) => sql.ref(c)));
  const dir = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  const cmp = sql.raw(q.order === 'asc' ? '>' : '<');
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
    LIMIT ${q.limit}`;
}

/** Reads batches on the database the handle opened. */
export type ExportBatchReader = (q: ExportBatchQuery) => Promise<ExportBatch>;

/** Statements a SQLite reader keeps prepared: one per filter shape (status, workflow, sort, first or next batch). */
const STATEMENTS_KEPT = 64;

export function exportBatchReader(db: DbOrTx, handle: Pick<DbHandle, 'engine' | 'sqlite' | 'pool'>): ExportBatchReader {
  const { engine, sqlite, pool } = handle;
  if (sqlite) {
    const kept = new Map<string, ReturnType<typeof sqlite.prepare>>();
    return async (q) => {
      const { sql: text, parameters } = exportBatchQuery(engine, q).compile(db);
      let statement = kept.get(text);
      if (!statement) {
        statement = sqlite.prepare(text).raw(true);
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(text, statement);
      }
      const rows = statement.all(parameters as unknown[]) as ExportRow[];
      const last = rows.at(-1);
      const sortAt = EXPORT_AT[SORT_COLUMN[q.sort]];
      return {
        lines: exportRowLines(rows),
        count: rows.length,
        last: last && { value: last[sortAt] as string | number, id: last[EXPORT_AT.id] as string },
      };
    };
  }
  if (pool) {
    return async (q) => {
      const { sql: text, parameters } = exportBatchQuery(engine, q).compile(db);
      const { rows } = await pool.query<[string, string | number, string]>({
        text,
        values: [...parameters],
        rowMode: 'array',
      });
      let lines = '';
      for (const r of rows) lines += r[0];
      const last = rows.at(-1);
      return { lines, count: rows.length, last: last && { value: last[1], id: last[2] } };
    };
  }
  throw new Error('The export needs the SQLite connection or the PostgreSQL pool');
}
