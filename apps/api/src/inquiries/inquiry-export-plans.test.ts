// The export's keyset batches walk the list's sort indexes (migration 002) from the last row on: no table scan and
// no sort step, for every sort, with and without the status filter, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { INQUIRY_SORTS } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { exportBatchQuery, type ExportBatchQuery } from './inquiry-export.repository';

describe.each(testEngines)('export batch plans on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  async function planOf(q: ExportBatchQuery): Promise<string> {
    const compiled = exportBatchQuery(engine, q).compile(t.app.db);
    if (engine === 'sqlite') {
      const rows = await t.app.db.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
      });
      return rows.rows.map((r) => r.detail).join('\n');
    }
    // Empty tables make a scan and a sort look cheapest; the index order must serve the batch at all.
    return t.app.db.connection().execute(async (conn) => {
      await sql`SET enable_seqscan = off`.execute(conn);
      await sql`SET enable_sort = off`.execute(conn);
      const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` });
      await sql`RESET ALL`.execute(conn);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  for (const sort of INQUIRY_SORTS) {
    for (const status of [undefined, 'Booked']) {
      it(`${sort}${status ? ' with a status' : ''}`, async () => {
        const after = { value: sort === 'createdAt' || sort === 'updatedAt' ? 1 : 'm', id: 'x' };
        for (const order of ['asc', 'desc'] as const) {
          const plan = await planOf({ sort, order, status, after, limit: 1000 });
          if (engine === 'sqlite') {
            expect(plan).toMatch(/SEARCH inquiries USING INDEX inquiries_by_/);
            expect(plan).not.toMatch(/TEMP B-TREE|SCAN inquiries\b(?! USING)/);
          } else {
            expect(plan).toMatch(/Index Scan( Backward)? using inquiries_by_/);
            expect(plan).not.toMatch(/Seq Scan|Sort/);
          }
        }
      });
    }
  }
});
