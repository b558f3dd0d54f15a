// Bulk-loads generated inquiries (scale seed and benchmark): batched multi-row inserts in chunked transactions.
import type { DbHandle } from '../db/dialect';
import { hashPassword } from '../auth/password-hash';
import { findUserByEmail, insertUser, newAccountRow } from '../users/user.repository';
import { newId } from '../lib/ids';
import { now } from '../lib/clock';
import { generateInquiries, SEED_STAFF } from './inquiry-generator';
import { analyzeInquiries, insertInquiryRows, type NewInquiryRow } from './inquiry.repository';

export interface SeedOptions {
  count: number;
  seed?: number;
  years?: number;
  /** Rows per INSERT; both engines cap a statement's parameters (SQLite 32766, PostgreSQL 65535). */
  batch?: number;
  onProgress?: (done: number, seconds: number) => void;
}

/** The seed's staff accounts (assignees); their password is random and never shown, so nobody logs in as them. */
async function ensureSeedStaff(handle: DbHandle) {
  const passwordHash = await hashPassword(`${newId()}Aa1!`);
  const staff: { id: string; name: string; email: string }[] = [];
  for (const { name, email } of SEED_STAFF) {
    const existing = await findUserByEmail(handle.db, email);
    if (existing) {
      staff.push({ id: existing.id, name: existing.name, email: existing.email });
      continue;
    }
    const at = now();
    const id = newId();
    await insertUser(handle.db, newAccountRow({ id, name, email, passwordHash, role: 'Staff', verified: true, at }));
    staff.push({ id, name, email });
  }
  return staff;
}

/** Adds `count` inquiries to an already migrated database, then refreshes the planner's statistics. */
export async function seedInquiries(handle: DbHandle, opts: SeedOptions): Promise<void> {
  const started = performance.now();
  const batch = opts.batch ?? (handle.engine === 'postgres' ? 1000 : 500);
  const staff = await ensureSeedStaff(handle);
  const rows = generateInquiries({
    count: opts.count,
    seed: opts.seed ?? 42,
    staff,
    years: opts.years ?? 3,
    endMs: now(),
  });
  // Twenty statements per transaction: few commits (fsyncs), and a crash loses at most one chunk.
  const perTransaction = batch * 20;
  let chunk: NewInquiryRow[] = [];
  let done = 0;
  const flush = async () => {
    const toWrite = chunk;
    chunk = [];
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < toWrite.length; i += batch) await insertInquiryRows(trx, toWrite.slice(i, i + batch));
    });
    done += toWrite.length;
    opts.onProgress?.(done, (performance.now() - started) / 1000);
  };
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length >= perTransaction) await flush();
  }
  if (chunk.length > 0) await flush();
  await analyzeInquiries(handle.db, handle.engine);
}
