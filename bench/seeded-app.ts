// The million-row benches' common ground: a database per engine seeded with synthetic inquiries (or one to reuse),
// the whole app on it as production runs it but quiet and without rate limits, and a token for a bench account.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Role } from '@safarnama/contract';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/connection';
import type { Engine } from '../apps/api/src/db/dialect';
import { newId } from '../apps/api/src/lib/ids';
import { insertUser, newAccountRow } from '../apps/api/src/users/user.repository';
import { seedInquiries } from './seed/seed-inquiries';
import { tempDir } from './lib';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const fmt = (n: number) => n.toLocaleString('en-IN');

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface Target {
  dataDir: string;
  databaseUrl?: string;
  /** How long the seed took; absent for a reused database. */
  seedSeconds?: number;
  drop(): Promise<void>;
}

export interface TargetOptions {
  /** The bench's name, in temporary folders' names. */
  name: string;
  count: number;
  /** A SQLite data folder or a PostgreSQL URL seeded earlier, used as it is and never dropped. */
  reuse?: string;
  /** Keep the seeded database after the run (its place is printed). */
  keep?: boolean;
  /** Runs on the migrated, still empty database before the inquiries are seeded (bench:day's demo catalogue). */
  beforeSeed?: (where: { dataDir: string; databaseUrl?: string }) => Promise<void>;
}

/** A reused database, or a fresh temporary one seeded with `count` inquiries. */
export async function prepareTarget(
  engine: Engine,
  { name, count, reuse, keep, beforeSeed }: TargetOptions,
): Promise<Target> {
  const none = async () => undefined;
  if (reuse && engine === 'sqlite') return { dataDir: path.resolve(reuse), drop: none };
  if (reuse) return { dataDir: tempDir(`${name}-pg`), databaseUrl: reuse, drop: none };
  const dataDir = tempDir(`${name}-${engine}`);
  let databaseUrl: string | undefined;
  const dbName = `safarnama_bench_${crypto.randomBytes(5).toString('hex')}`;
  if (engine === 'postgres') {
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const handle = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  console.info(`[${engine}] seeding ${fmt(count)} inquiries…`);
  const started = performance.now();
  try {
    await migrateToLatest(handle);
    await beforeSeed?.({ dataDir, databaseUrl });
    await seedInquiries(handle, { count });
  } finally {
    await handle.db.destroy();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  console.info(`[${engine}] seeded in ${seedSeconds.toFixed(0)} s`);
  return {
    dataDir,
    databaseUrl,
    seedSeconds,
    async drop() {
      if (keep) return console.info(`[${engine}] kept: ${databaseUrl ?? dataDir}`);
      if (engine === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app on a prepared target, as it runs in production but quiet and without rate limits. */
export async function startApp(target: Target): Promise<App> {
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    API_DOCS: 'false',
    RATE_LIMIT_FACTOR: '1000000',
    WEB_DIR: path.join(target.dataDir, 'no-web'),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  });
  const app = await buildApp({ config });
  await app.ready();
  return app;
}

/** A token for a new bench account of `role` (its own, so the seed's handlers keep their figures). */
export async function benchToken(app: App, role: Exclude<Role, 'Customer'>) {
  const id = newId();
  const name = `Bench ${role}`;
  const email = `bench-${role.toLowerCase()}-${id}@bench.example`;
  const at = Date.now();
  await insertUser(app.db, newAccountRow({ id, name, email, passwordHash: 'x', role, verified: true, at }));
  return app.tokens.sign({ id, role, name, tokensValidAfter: 0 });
}
