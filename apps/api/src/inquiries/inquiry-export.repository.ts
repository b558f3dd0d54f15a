// Data access for the CSV export (D27): the whole list, unsearched, in the list's order, in keyset batches over
// the same sort indexes the list pages use (migration 002), so the millionth row costs what the first did.
import { sql } from 'kysely';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { SORT_COLUMN, type InquiryRow } from './inquiry.repository';
import { workflowConditions, type WorkflowFilter } from './inquiry-page.repository';

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
export function exportBatchQuery(q: ExportBatchQuery) {
  const col = sql.ref(SORT_COLUMN[q.sort]);
  const dir = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  const cmp = sql.raw(q.order === 'asc' ? '>' : '<');
  return sql<InquiryRow>`
    SELECT * FROM inquiries
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

export async function findExportBatch(db: DbOrTx, q: ExportBatchQuery): Promise<InquiryRow[]> {
  return (await exportBatchQuery(q).execute(db)).rows;
}
