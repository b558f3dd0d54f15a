// The pool's results die young (pg-client.ts): a batch of finished list-sized queries leaves next to nothing behind
// once the young generation is collected. With pg's own promise form the same batch left 2.6 MiB promoted into the
// old generation here, the rows of queries long answered.
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type DbHandle } from './dialect';

const adminUrl = process.env.TEST_DATABASE_URL;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;

describe.skipIf(!adminUrl)('the PostgreSQL pool and the garbage collector', () => {
  let handle: DbHandle | undefined;
  afterAll(async () => {
    await handle?.db.destroy();
  });

  it('lets the rows of answered queries die in the young generation', async () => {
    handle = openPostgres(adminUrl!);
    const page = () => sql`SELECT g, repeat('x', 60) AS t FROM generate_series(1, 50) g`.execute(handle!.db);
    for (let i = 0; i < 50; i++) await page();
    gc();
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    const before = oldSpaceUsed();
    let rows = 0;
    for (let i = 0; i < 300; i++) rows += (await page()).rows.length;
    await new Promise((resolve) => setImmediate(resolve));
    // Two collections: what survives the first is promoted by the second.
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    const promoted = oldSpaceUsed() - before;
    expect(rows).toBe(300 * 50);
    expect(promoted).toBeLessThan(512 * 1024);
  });

  it("keeps pg's answers, errors and callback form", async () => {
    handle ??= openPostgres(adminUrl!);
    const client = await handle.pool!.connect();
    try {
      expect((await client.query('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
      const error = await client.query('SELEC 1').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: '42601' });
      expect((error as Error).stack).toContain('pg-gc.test.ts');
      const viaCallback = await new Promise((resolve, reject) =>
        client.query('SELECT 2 AS n', (e, r) => (e ? reject(e) : resolve(r.rows))),
      );
      expect(viaCallback).toEqual([{ n: 2 }]);
    } finally {
      client.release();
    }
  });
});
