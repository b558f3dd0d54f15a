// Test harness: builds the real app on a fresh SQLite file or a fresh PostgreSQL database per suite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';

export type TestEngine = 'sqlite' | 'postgres';

const adminUrl = process.env.TEST_DATABASE_URL;

/** The engines the API suite runs on; PostgreSQL needs TEST_DATABASE_URL. */
export const testEngines: TestEngine[] = adminUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!adminUrl && !process.env.SAFARNAMA_PG_WARNED) {
  process.env.SAFARNAMA_PG_WARNED = '1';
  console.warn('\n!!! TEST_DATABASE_URL is not set: the PostgreSQL run of the API tests is SKIPPED !!!\n');
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database: a temp SQLite folder or a new PostgreSQL database. */
export async function createTestDatabase(engine: TestEngine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-test-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `safarnama_test_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    async drop() {
      if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  config: Config;
  engine: TestEngine;
  /** Log lines captured from the app (JSON strings). */
  logs: string[];
  /** Closes the app and builds it again on the same database and folders, with fresh logs (a restart). */
  restart(): Promise<TestApp>;
  close(): Promise<void>;
}

/** Builds the app on a fresh database; `env` overrides configuration. */
export async function createTestApp(engine: TestEngine, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    API_DOCS: 'true',
    WEB_DIR: path.join(database.dataDir, 'no-web'),
    RATE_LIMIT_FACTOR: '1000',
    // Images as files on both engines, so upload tests can look at them; pass UPLOADS_DIR: '' for PostgreSQL's rows.
    UPLOADS_DIR: path.join(database.dataDir, 'uploads'),
    ...env,
  });
  return startTestApp(engine, config, () => database.drop());
}

/** Builds the app on `config`, its log lines captured; `drop` removes its data after it closes. */
async function startTestApp(engine: TestEngine, config: Config, drop: () => Promise<void>): Promise<TestApp> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config, logStream });
  await app.ready();
  return {
    app,
    config,
    engine,
    logs,
    async restart() {
      await app.close();
      return startTestApp(engine, config, drop);
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}
