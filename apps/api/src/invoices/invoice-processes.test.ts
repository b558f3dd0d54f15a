// D32 across processes on PostgreSQL: two app processes on one database issue invoices at the same moment — each
// its own inquiries, and both the same contested ones. Every number is taken once, with no gap, and each contested
// inquiry gets exactly one invoice. (SQLite runs one process: its single writer; see papers/document-numbers.test.ts.)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianFinancialYear } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { createUser, type CreatedUser } from '../test/factories';
import { GST_ENV, acceptedInquiry } from '../test/invoice-kit';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A child process that builds the app on `config` and issues an invoice for each inquiry, printing each status. */
function issueInChild(config: object, token: string, inquiryIds: string[]) {
  const modules = { app: path.join(here, '../app.ts'), config: path.join(here, '../config.ts') };
  const code = `
    const { Writable } = await import('node:stream');
    const { buildApp } = await import(${JSON.stringify(modules.app)});
    const { loadConfig } = await import(${JSON.stringify(modules.config)});
    const app = await buildApp({
      config: loadConfig(${JSON.stringify(config)}),
      logStream: new Writable({ write: (_c, _e, done) => done() }),
    });
    await app.ready();
    const answers = await Promise.all(${JSON.stringify(inquiryIds)}.map(async (id) => {
      const res = await app.inject({ method: 'POST', url: '/api/inquiries/' + id + '/invoices',
        headers: { authorization: 'Bearer ${token}' }, payload: { customerState: '27' } });
      return { id, status: res.statusCode, number: res.statusCode === 201 ? res.json().number : null };
    }));
    await app.close();
    process.stdout.write(JSON.stringify(answers));`;
  return new Promise<{ id: string; status: number; number: string | null }[]>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: path.join(here, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (exit) => (exit === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
  });
}

describe.each(testEngines.filter((e) => e === 'postgres'))('invoice numbers across processes on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine, GST_ENV);
    staff = await createUser(t, { role: 'Staff' });
  });
  afterAll(async () => t?.close());

  it('two processes issuing at once take every number once, and one invoice per contested inquiry', async () => {
    const make = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await acceptedInquiry(t, staff.token)).inquiry._id);
      return ids;
    };
    const [mine, theirs, contested] = [await make(6), await make(6), await make(4)];
    const config = {
      DATA_DIR: t.config.DATA_DIR,
      DATABASE_URL: t.config.DATABASE_URL,
      SEED_DEMO: 'false',
      RATE_LIMIT_FACTOR: '1000',
      UPLOADS_DIR: t.config.UPLOADS_DIR,
      WEB_DIR: t.config.WEB_DIR,
      ...GST_ENV,
    };
    const [a, b] = await Promise.all([
      issueInChild(config, staff.token, [...mine, ...contested]),
      issueInChild(config, staff.token, [...contested, ...theirs]),
    ]);
    const all = [...a, ...b];
    const issued = all.filter((x) => x.status === 201).map((x) => x.number!);
    const fy = indianFinancialYear(Date.now());
    expect(issued.sort()).toEqual(Array.from({ length: 16 }, (_, i) => `INV/${fy}/${String(i + 1).padStart(4, '0')}`));
    for (const id of contested) {
      expect(
        all
          .filter((x) => x.id === id)
          .map((x) => x.status)
          .sort(),
      ).toEqual([201, 409]);
    }
    const rows = await t.app.db.selectFrom('invoices').select(['inquiry_id', 'number']).execute();
    expect(rows).toHaveLength(16);
  }, 120_000);
});
