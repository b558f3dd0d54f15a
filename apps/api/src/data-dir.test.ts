// Issue 49, item 2: another user on the host must not read the token signing key (the settings row in safarnama.db),
// the demo logins' passwords or a backup. Run under umask 022, the common default, where a file made with Node's
// or SQLite's defaults is readable by everyone: the data folder is 0700 and every private file 0600, on a fresh
// folder, on one an earlier version left with wider modes, in `npm run backup`'s folder and after a restore.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestEngine } from './test/helper';
import { JWT_SECRET_SETTING, LEGACY_JWT_SECRET_FILE } from './auth/jwt-secret';
import { createBackup, MANIFEST_FILE, restoreBackup } from './backup/backup';
import { SQLITE_FILE_NAME } from './db/connection';
import { sqliteFilesOf } from './db/dialect';
import { DEMO_LOGINS_FILE, stageDemoLogins } from './seed/demo-accounts';
import { findSetting } from './settings/settings.repository';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** The modes of those of `files` that exist, as octal strings (readable in a failure). */
const modesOf = (files: readonly string[]) =>
  Object.fromEntries(files.filter((f) => fs.existsSync(f)).map((f) => [f, modeOf(f).toString(8)]));
const expectPrivate = (dirs: readonly string[], files: readonly string[]) => {
  for (const f of [...dirs, ...files]) expect(fs.existsSync(f), f).toBe(true);
  expect(modesOf([...dirs, ...files])).toEqual(
    Object.fromEntries([...dirs.map((d) => [d, '700']), ...files.map((f) => [f, '600'])]),
  );
};

let root: string;
let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-modes-'));
});
afterAll(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

/** The app on `dataDir` with images in DATA_DIR/uploads (SQLite) or the database (PostgreSQL), as deployed. */
const startOn = (engine: TestEngine, dataDir: string, env: Record<string, string> = {}) =>
  createTestApp(engine, { DATA_DIR: dataDir, UPLOADS_DIR: '', ...env });

describe.each(testEngines)('private data files on %s', (engine) => {
  const databaseFiles = (dataDir: string) =>
    engine === 'sqlite' ? sqliteFilesOf(path.join(dataDir, SQLITE_FILE_NAME)) : [];

  it('starts on a fresh data folder with the folder 0700, the database, its WAL and the demo logins 0600', async () => {
    const dataDir = path.join(root, engine, 'fresh', 'data');
    const t = await startOn(engine, dataDir);
    try {
      // What the demo seed writes at its first start (the whole seed, images and all, takes seconds).
      stageDemoLogins(dataDir, [{ role: 'Owner', email: 'owner@example.com', password: 'Demo#Pass123' }]).commit();
      // What is at stake: with this, anyone can sign an Owner's token.
      expect(await findSetting(t.app.db, JWT_SECRET_SETTING)).toMatch(/^[\w-]{64}$/);
      expectPrivate([dataDir], [...databaseFiles(dataDir), path.join(dataDir, DEMO_LOGINS_FILE)]);
    } finally {
      await t.close();
    }
  });

  it('makes the wider modes an earlier version left private at the next start', async () => {
    const dataDir = path.join(root, engine, 'upgraded');
    if (engine === 'sqlite') await (await startOn(engine, dataDir)).close();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, DEMO_LOGINS_FILE), '# demo logins\n');
    fs.writeFileSync(path.join(dataDir, LEGACY_JWT_SECRET_FILE), 'x'.repeat(64));
    for (const entry of fs.readdirSync(dataDir, { withFileTypes: true }))
      if (entry.isFile()) fs.chmodSync(path.join(dataDir, entry.name), 0o644);
    fs.chmodSync(dataDir, 0o755);

    const t = await startOn(engine, dataDir);
    try {
      expectPrivate(
        [dataDir],
        [...databaseFiles(dataDir), path.join(dataDir, DEMO_LOGINS_FILE), path.join(dataDir, LEGACY_JWT_SECRET_FILE)],
      );
    } finally {
      await t.close();
    }
  });

  it.runIf(engine === 'postgres')('grants the settings table to no role but its owner', async () => {
    const t = await startOn(engine, path.join(root, engine, 'grants'));
    const client = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ grantee: string }>(
        `select distinct grantee from information_schema.role_table_grants
          where table_schema = 'public' and table_name = 'settings'
            and grantee <> (select tableowner from pg_tables where schemaname = 'public' and tablename = 'settings')`,
      );
      expect(rows).toEqual([]);
    } finally {
      await client.end();
      await t.close();
    }
  });
});

describe.runIf(testEngines.includes('sqlite'))('private backups (sqlite)', () => {
  it('writes `npm run backup` private, and a restore puts the database back private', async () => {
    const dataDir = path.join(root, 'backup', 'live');
    const outDir = path.join(root, 'backup', 'backups');
    const t = await startOn('sqlite', dataDir);
    // A secret file of the version before the settings table is carried too.
    fs.writeFileSync(path.join(dataDir, LEGACY_JWT_SECRET_FILE), 'x'.repeat(64), { mode: 0o644 });
    let dir: string;
    try {
      ({ dir } = await createBackup({ dataDir, uploadsDir: t.config.UPLOADS_DIR, outDir }));
    } finally {
      await t.close();
    }
    expectPrivate(
      [outDir, dir],
      [SQLITE_FILE_NAME, MANIFEST_FILE, LEGACY_JWT_SECRET_FILE].map((name) => path.join(dir, name)),
    );

    // Into a folder that does not exist yet, from a backup whose files a copy made readable to all.
    for (const name of [SQLITE_FILE_NAME, LEGACY_JWT_SECRET_FILE]) fs.chmodSync(path.join(dir, name), 0o644);
    const restoredDir = path.join(root, 'backup', 'restored');
    restoreBackup({ backupDir: dir, dataDir: restoredDir });
    expectPrivate(
      [restoredDir],
      [SQLITE_FILE_NAME, LEGACY_JWT_SECRET_FILE].map((name) => path.join(restoredDir, name)),
    );

    // Over the live folder: what it held is moved aside, into a private folder.
    const { movedAside } = restoreBackup({ backupDir: dir, dataDir, now: new Date('2026-01-01T00:00:00Z') });
    expect(movedAside).toBeDefined();
    expectPrivate([dataDir, movedAside!], [path.join(dataDir, SQLITE_FILE_NAME)]);
  });
});
