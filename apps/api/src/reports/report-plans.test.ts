// The summary's queries read a range of the roll-ups' primary keys (migration 006), never a whole table: their
// plans on both engines, as inquiry-plans.test.ts checks the list's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { destinationsQuery, reportCubeQuery } from './report.repository';

describe.each(testEngines)('report query plans on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  async function planOf(query: RawBuilder<unknown>): Promise<string> {
    const compiled = query.compile(t.app.db);
    if (engine === 'sqlite') {
      const rows = await t.app.db.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
      });
      return rows.rows.map((r) => r.detail).join('\n');
    }
    // The tables are empty here, so a sequential scan would look cheapest; the index must be usable at all.
    return t.app.db.connection().execute(async (conn) => {
      await sql`SET enable_seqscan = off`.execute(conn);
      const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` });
      await sql`RESET enable_seqscan`.execute(conn);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it.each([
    ['months × handlers × statuses', () => reportCubeQuery(engine, 19_800, 20_164), 'inquiry_report_days'],
    ['destinations', () => destinationsQuery(19_800, 20_164), 'inquiry_report_destinations'],
  ] as const)('%s read a range of the roll-up by day', async (_name, query, table) => {
    const plan = await planOf(query());
    if (engine === 'sqlite') {
      expect(plan).toMatch(new RegExp(`SEARCH ${table} USING INDEX \\S+ \\(day>\\? AND day<\\?\\)`));
      expect(plan).not.toMatch(/\bSCAN inquir/);
    } else {
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan (using|on) ${table}_pk`));
      expect(plan).toMatch(/Index Cond: \(\(day >= .*\) AND \(day <= .*\)\)/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});
