// D31/D32: the one place numbered papers (RCT receipts, INV invoices, CN credit notes) take their number:
// consecutive per series and Indian financial year, with no gap and no duplicate. The counter row is incremented by
// an upsert in the caller's transaction: on PostgreSQL a second issuer waits on the row's lock until the first
// commits (or rolls back, giving the number back), and SQLite has a single writer, so the number is the paper's
// only if the paper is written in that same transaction.
import { sql } from 'kysely';
import { documentNumber, indianFinancialYear, type DocumentSeries } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';

/** The next number of `series` in the financial year of `at` (epoch ms), e.g. 'RCT/2026-27/0001'. */
export async function nextDocumentNumber(trx: DbOrTx, series: DocumentSeries, at: number): Promise<string> {
  const fy = indianFinancialYear(at);
  const row = await trx
    .insertInto('document_counters')
    .values({ series, fy, last: 1 })
    .onConflict((oc) => oc.columns(['series', 'fy']).doUpdateSet({ last: sql<number>`document_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return documentNumber(series, fy, Number(row.last));
}
