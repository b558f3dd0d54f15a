// D24: without JWT_SECRET the generated secret lives in the database, so every process on one database (each
// with its own DATA_DIR) accepts the same tokens and OTP codes; a secret from an older DATA_DIR file is adopted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, testEngines } from '../test/helper';
import { findSetting } from '../settings/settings.repository';
import { JWT_SECRET_SETTING } from './jwt-secret';

describe.each(testEngines)('the generated JWT secret on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: App[] = [];
  const dirs: string[] = [];

  /** A process of its own: a fresh DATA_DIR, except on SQLite, whose database file lives in DATA_DIR. */
  async function startProcess(dataDir?: string) {
    const dir = dataDir ?? (engine === 'sqlite' ? database.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'sf-')));
    if (dir !== database.dataDir) dirs.push(dir);
    const config = loadConfig({
      DATA_DIR: dir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIR: path.join(dir, 'no-web'),
    });
    const app = await buildApp({ config });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is kept in the database and shared by every process, not written to DATA_DIR', async () => {
    // Two PostgreSQL processes start at once (the first insert wins); SQLite serves one process at a time.
    const [a, b] =
      engine === 'postgres'
        ? await Promise.all([startProcess(), startProcess()])
        : [await startProcess(), await startProcess()];
    const token = await a!.tokens.sign({ id: 'user-1', role: 'Owner', name: 'Owner', tokensValidAfter: 0 });
    await expect(b!.tokens.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
    expect(a!.otpKey.equals(b!.otpKey)).toBe(true);
    expect(await findSetting(a!.db, JWT_SECRET_SETTING)).toEqual(expect.any(String));
    for (const app of [a!, b!]) expect(fs.existsSync(path.join(app.config.DATA_DIR, 'jwt-secret'))).toBe(false);
  });
});

describe('a secret kept in DATA_DIR by an older version', () => {
  it('is adopted into the database, so tokens signed before the upgrade stay valid', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const legacy = 'legacy-secret-from-the-data-folder-0123456789';
      fs.writeFileSync(path.join(database.dataDir, 'jwt-secret'), legacy);
      const config = loadConfig({ DATA_DIR: database.dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
      const app = await buildApp({ config });
      try {
        expect(await findSetting(app.db, JWT_SECRET_SETTING)).toBe(legacy);
      } finally {
        await app.close();
      }
    } finally {
      await database.drop();
    }
  });
});
