// docs/deployment.md's PostgreSQL backup job, tested against the local server: scripts/pg-backup.sh dumps a live
// database and keeps KEEP_DAYS of dumps; scripts/pg-restore.sh brings one back into an empty database, where the app
// finds its packages, its images (rows, D29) and its JWT secret (tokens made before still work).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourPackage } from '@safarnama/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { PROJECT_ROOT } from '../../config';
import { createTestApp, createTestDatabase, testEngines, type TestApp } from '../helper';
import { bearer, createUser } from '../factories';
import { makePng, multipart, packageFields } from '../upload-kit';

const script = (name: string) => path.join(PROJECT_ROOT, 'scripts', name);
const run = (name: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync('bash', [script(name), ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });

describe.runIf(testEngines.includes('postgres'))('PostgreSQL backup job and restore', () => {
  let t: TestApp;
  let backupDir: string;
  let owner: string;
  let pkg: TourPackage;
  const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres', { UPLOADS_DIR: '' });
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-pg-backups-'));
    owner = (await createUser(t, { role: 'Owner' })).token;
    const form = multipart([...packageFields(), { name: 'images', file: await makePng() }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { ...form.headers, ...bearer(owner) },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    pkg = created.json<TourPackage>();
  });
  afterAll(async () => {
    await t?.close();
    for (const db of databases) await db.drop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('dumps the live database and removes dumps older than KEEP_DAYS', () => {
    const old = path.join(backupDir, 'safarnama-20200101T000000Z.dump');
    const recent = path.join(backupDir, 'safarnama-20200102T000000Z.dump');
    fs.writeFileSync(old, 'old');
    fs.writeFileSync(recent, 'recent');
    const day = 24 * 3600 * 1000;
    fs.utimesSync(old, new Date(Date.now() - 30 * day), new Date(Date.now() - 30 * day));
    fs.utimesSync(recent, new Date(Date.now() - 2 * day), new Date(Date.now() - 2 * day));

    // Under umask 022, the common default, where a file made with the defaults is readable by everyone.
    const umask = process.umask(0o022);
    let result: ReturnType<typeof run>;
    try {
      result = run('pg-backup.sh', [], {
        DATABASE_URL: t.config.DATABASE_URL!,
        BACKUP_DIR: backupDir,
        KEEP_DAYS: '14',
      });
    } finally {
      process.umask(umask);
    }
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('removed old backup');
    const dumps = fs.readdirSync(backupDir).sort();
    expect(dumps).toHaveLength(2);
    expect(dumps[0]).toBe('safarnama-20200102T000000Z.dump');
    expect(dumps[1]).toMatch(/^safarnama-\d{8}T\d{6}Z\.dump$/);
    // The dump holds the signing key and every account: the job's user's only.
    expect((fs.statSync(path.join(backupDir, dumps[1]!)).mode & 0o777).toString(8)).toBe('600');
  });

  it('restores the dump into an empty database, where the app serves what it held; refuses a non-empty one', async () => {
    const dump = path.join(backupDir, fs.readdirSync(backupDir).sort().at(-1)!);
    const target = await createTestDatabase('postgres');
    databases.push(target);
    const restored = run('pg-restore.sh', [dump, target.databaseUrl!]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/restored: 1 users, 1 packages, 0 inquiries, \d+ image renditions/);

    const again = run('pg-restore.sh', [dump, target.databaseUrl!]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('refusing');

    const config = loadConfig({
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl!,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIR: path.join(target.dataDir, 'no-web'),
    });
    const app = await buildApp({ config, logStream: new Writable({ write: (_c, _e, done) => done() }) });
    try {
      const list = await app.inject({ method: 'GET', url: '/api/packages' });
      expect(list.json<TourPackage[]>().map((p) => p._id)).toEqual([pkg._id]);
      const image = await app.inject({ method: 'GET', url: pkg.images[0]! });
      expect(image.statusCode).toBe(200);
      const original = await t.app.inject({ method: 'GET', url: pkg.images[0]! });
      expect(image.headers.etag).toBe(original.headers.etag);
      // The generated JWT secret came back with the data: a token made before the backup still works.
      const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: bearer(owner) });
      expect(profile.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
