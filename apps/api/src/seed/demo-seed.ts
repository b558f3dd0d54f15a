// D12: on an empty database (and unless SEED_DEMO=false) seeds the demo agency at start: packages with
// locally drawn images, hero backgrounds, demo accounts and an inquiry pipeline; then prints the logins.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { packageFieldsSchema } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { now } from '../lib/clock';
import { newId } from '../lib/ids';
import { findUserByEmail, insertUser, newAccountRow, isUniqueViolation } from '../users/user.repository';
import { insertBackgrounds } from '../backgrounds/background.service';
import { insertPackageWithImages, invalidateCatalogue } from '../packages/package.service';
import { deleteImages, storeImage } from '../uploads/image-store';
import type { ImageStorage } from '../uploads/image-storage';
import {
  DEMO_ACCOUNTS,
  DEMO_LOGINS_FILE,
  generateDemoPassword,
  readDemoLogins,
  stageDemoLogins,
  type DemoAccount,
  type DemoLogin,
} from './demo-accounts';
import { insertDemoInquiries, type DemoPerson } from './demo-inquiries';
import { DEMO_BACKGROUNDS, DEMO_PACKAGES } from './demo-packages';
import { renderScene, type SceneSpec } from './demo-scenes';

type SeedApp = Pick<FastifyInstance, 'db' | 'config' | 'log' | 'images'>;
export type SeedResult = 'seeded' | 'skipped' | 'disabled';

export interface SeedOptions {
  /** Print the demo logins as a console table as well as logging them (npm start); default true. */
  printTable?: boolean;
}

/**
 * Whether the database holds nothing an agency made: no package, background, inquiry, Staff or
 * Customer. An Owner alone does not count (the D2 bootstrap runs just before), and an agency that
 * deleted every demo package keeps its staff and inquiries, so it is never seeded again.
 */
async function isEmptyAgency(db: DbOrTx): Promise<boolean> {
  const any = async (query: Promise<unknown>) => (await query) !== undefined;
  const found = await Promise.all([
    any(db.selectFrom('packages').select('id').limit(1).executeTakeFirst()),
    any(db.selectFrom('background_images').select('id').limit(1).executeTakeFirst()),
    any(db.selectFrom('inquiries').select('id').limit(1).executeTakeFirst()),
    any(db.selectFrom('users').select('id').where('role', '!=', 'Owner').limit(1).executeTakeFirst()),
  ]);
  return !found.includes(true);
}

/** Runs `fn` over `items` with at most `limit` at a time (image work is CPU-bound; two cores here). */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Draws every scene and stores it through the upload pipeline; on failure nothing stays on disk. */
async function storeScenes(images: ImageStorage, scenes: readonly (SceneSpec & { w?: number; h?: number })[]) {
  const stored: string[] = [];
  try {
    return await mapLimit(scenes, 3, async (scene) => {
      const key = await storeImage(images, await renderScene(scene, scene.w, scene.h), { effort: 2 });
      stored.push(key);
      return key;
    });
  } catch (err) {
    await deleteImages(images, stored);
    throw err;
  }
}

/** The demo accounts, created verified when their e-mail is free; existing accounts are reused as they are. */
async function ensureDemoAccounts(db: DbOrTx, hashes: readonly string[]) {
  const people: (DemoPerson & { account: DemoAccount; created: boolean })[] = [];
  const at = now();
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const existing = await findUserByEmail(db, account.email);
    if (existing) {
      people.push({ id: existing.id, name: existing.name, email: existing.email, account, created: false });
      continue;
    }
    const id = newId();
    await insertUser(
      db,
      newAccountRow({
        id,
        name: account.name,
        email: account.email,
        passwordHash: hashes[i]!,
        role: account.role,
        verified: true,
        at,
      }),
    );
    people.push({ id, name: account.name, email: account.email, account, created: true });
  }
  return people;
}

/** Seeds the demo agency when SEED_DEMO is on and the database is empty (see isEmptyAgency). */
export async function seedDemoAgency(app: SeedApp, { printTable = true }: SeedOptions = {}): Promise<SeedResult> {
  if (!app.config.SEED_DEMO) return 'disabled';
  if (!(await isEmptyAgency(app.db))) {
    await printDemoLogins(app, printTable);
    return 'skipped';
  }
  const started = Date.now();
  const images = app.images;

  const packageScenes = DEMO_PACKAGES.flatMap((p) => p.scenes);
  const passwords = DEMO_ACCOUNTS.map(() => generateDemoPassword());
  const [keys, hashes] = await Promise.all([
    storeScenes(images, [...packageScenes, ...DEMO_BACKGROUNDS.map((s) => ({ ...s, w: 1600, h: 900 }))]),
    Promise.all(passwords.map((p) => hashPassword(p))),
  ]);

  let inquiries = 0;
  let logins: DemoLogin[] = [];
  let staged: ReturnType<typeof stageDemoLogins> | undefined;
  try {
    await app.db.transaction().execute(async (trx) => {
      const people = await ensureDemoAccounts(trx, hashes);
      // Only the accounts made now have a generated password; an existing account keeps its own.
      logins = people.flatMap((p, i) =>
        p.created ? [{ role: p.account.role, email: p.account.email, password: passwords[i]! }] : [],
      );
      staged = stageDemoLogins(app.config.DATA_DIR, logins);
      let at = 0;
      const packages: { id: string; name: string }[] = [];
      for (const pkg of DEMO_PACKAGES) {
        const imageKeys = keys.slice(at, at + pkg.scenes.length);
        at += pkg.scenes.length;
        const made = await insertPackageWithImages(trx, packageFieldsSchema.parse(pkg.fields), imageKeys);
        packages.push({ id: made._id, name: made.name });
      }
      await insertBackgrounds(trx, keys.slice(at));
      const byRole = (role: DemoAccount['role']) => people.filter((p) => p.account.role === role);
      inquiries = await insertDemoInquiries(trx, {
        owner: byRole('Owner')[0]!,
        staff: byRole('Staff'),
        customer: byRole('Customer')[0]!,
        packages,
      });
    });
    staged?.commit();
  } catch (err) {
    staged?.discard();
    await deleteImages(images, keys);
    // Another process on the same PostgreSQL seeded first (the demo e-mails are unique).
    if (isUniqueViolation(err)) return 'skipped';
    throw err;
  }
  invalidateCatalogue(app.db);
  app.log.info(
    {
      event: 'demo_seed',
      packages: DEMO_PACKAGES.length,
      backgrounds: DEMO_BACKGROUNDS.length,
      images: keys.length,
      inquiries,
      ms: Date.now() - started,
    },
    `Demo agency seeded in ${Date.now() - started} ms (SEED_DEMO=false skips this)`,
  );
  printLogins(app, printTable, logins);
  return 'seeded';
}

/**
 * Logs (and prints as a table) the demo logins kept in DATA_DIR that still work: a changed password, a
 * disabled account or another role is never shown.
 */
async function printDemoLogins(app: SeedApp, printTable: boolean) {
  const working: DemoLogin[] = [];
  for (const login of readDemoLogins(app.config.DATA_DIR)) {
    const user = await findUserByEmail(app.db, login.email);
    if (!user || user.disabled_at !== null || user.role !== login.role) continue;
    if (await verifyPassword(user.password_hash, login.password)) working.push(login);
  }
  printLogins(app, printTable, working);
}

function printLogins(app: SeedApp, printTable: boolean, logins: readonly DemoLogin[]) {
  if (logins.length === 0) return;
  app.log.info(
    { event: 'demo_logins', logins, file: path.join(app.config.DATA_DIR, DEMO_LOGINS_FILE) },
    'Demo logins (demo data only; set SEED_DEMO=false for a real agency)',
  );
  if (printTable) {
    console.info(`\nDemo logins (kept in ${path.join(app.config.DATA_DIR, DEMO_LOGINS_FILE)}):`);
    // eslint-disable-next-line no-console -- a table is for the person who ran `npm start`, beside the log line
    console.table(logins);
  }
}
