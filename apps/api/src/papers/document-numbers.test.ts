// D31/D32 numbering: consecutive per series and Indian financial year (a fixed clock either side of 1 April in
// India); many transactions at once (a pool of connections on PostgreSQL) and, on PostgreSQL, two processes taking
// numbers at once get every number exactly once. SQLite runs one process (its single writer; a second process on
// the file is refused as busy, which the app answers 503), so the two-process case is PostgreSQL's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromKolkataLocal } from '@safarnama/contract';
import { migrateToLatest, openDatabase } from '../db/connection';
import type { DbHandle } from '../db/dialect';
import { createTestDatabase, testEngines } from '../test/helper';
import { nextDocumentNumber } from './document-numbers';

const here = path.dirname(fileURLToPath(import.meta.url));
const PER_PROCESS = 60;

/** A child process that takes `count` RCT numbers, one transaction each, and prints them as JSON. */
function issueInChild(env: { DATA_DIR: string; DATABASE_URL?: string | undefined }, count: number, at: number) {
  const modules = {
    connection: path.join(here, '../db/connection.ts'),
    numbers: path.join(here, 'document-numbers.ts'),
  };
  const code = `
    const { openDatabase } = await import(${JSON.stringify(modules.connection)});
    const { nextDocumentNumber } = await import(${JSON.stringify(modules.numbers)});
    const handle = openDatabase(${JSON.stringify(env)});
    const numbers = [];
    for (let i = 0; i < ${count}; i++)
      numbers.push(await handle.db.transaction().execute((trx) => nextDocumentNumber(trx, 'RCT', ${at})));
    await handle.db.destroy();
    process.stdout.write(JSON.stringify(numbers));`;
  return new Promise<string[]>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: path.join(here, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(err))));
  });
}

describe.each(testEngines)('document numbers on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DbHandle;
  const env = () => ({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = openDatabase(env());
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await database?.drop();
  });

  const take = (series: 'RCT' | 'INV' | 'CN', at: number) =>
    handle.db.transaction().execute((trx) => nextDocumentNumber(trx, series, at));

  it('runs on per series and starts again at 1 April in India', async () => {
    const lastMarch = fromKolkataLocal('2027-03-31T23:59');
    const firstApril = fromKolkataLocal('2027-04-01T00:00');
    expect(await take('INV', lastMarch)).toBe('INV/2026-27/0001');
    expect(await take('INV', lastMarch)).toBe('INV/2026-27/0002');
    expect(await take('CN', lastMarch)).toBe('CN/2026-27/0001');
    expect(await take('INV', firstApril)).toBe('INV/2027-28/0001');
    // 23:59 on 31 March India time is already 1 April nowhere east of UTC+05:30, and still 2026-27 here.
    expect(await take('INV', firstApril - 60_000)).toBe('INV/2026-27/0003');
  });

  it('gives a number back when its transaction rolls back', async () => {
    const at = fromKolkataLocal('2028-06-01T10:00');
    expect(await take('CN', at)).toBe('CN/2028-29/0001');
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await nextDocumentNumber(trx, 'CN', at);
        throw new Error('the paper failed');
      }),
    ).rejects.toThrow('the paper failed');
    expect(await take('CN', at)).toBe('CN/2028-29/0002');
  });

  it('many transactions at once get every number once, with no gap', async () => {
    const at = fromKolkataLocal('2030-07-07T12:00');
    const got = await Promise.all(Array.from({ length: 40 }, () => take('RCT', at)));
    expect(got.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `RCT/2030-31/${String(i + 1).padStart(4, '0')}`));
  });

  it.runIf(engine === 'postgres')(
    'two processes issuing at once get every number once, with no gap',
    async () => {
      const at = fromKolkataLocal('2029-05-05T12:00');
      const [a, b] = await Promise.all([issueInChild(env(), PER_PROCESS, at), issueInChild(env(), PER_PROCESS, at)]);
      const all = [...a!, ...b!].sort();
      const expected = Array.from(
        { length: PER_PROCESS * 2 },
        (_, i) => `RCT/2029-30/${String(i + 1).padStart(4, '0')}`,
      );
      expect(all).toEqual(expected);
      // Each process's own numbers rise; interleaving shows they really ran at the same time.
      expect(a).toEqual([...a!].sort());
      expect(b).toEqual([...b!].sort());
    },
    60_000,
  );
});
