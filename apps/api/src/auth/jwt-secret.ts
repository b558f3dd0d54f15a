// The HS256 secret: JWT_SECRET when given, else one generated once and kept in the database (D24), so every
// process on one PostgreSQL signs and checks with the same secret (and derives the same OTP key from it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DbOrTx } from '../db/database';
import { now } from '../lib/clock';
import { findSetting, insertSettingOnce } from '../settings/settings.repository';

export const JWT_SECRET_SETTING = 'jwt_secret';
/**
 * Where versions before the settings table kept a generated secret, in DATA_DIR; adopted once so earlier tokens
 * stay valid.
 */
export const LEGACY_JWT_SECRET_FILE = 'jwt-secret';

export async function loadJwtSecret(configured: string | undefined, db: DbOrTx, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  let secret = await findSetting(db, JWT_SECRET_SETTING);
  if (secret === undefined) {
    const legacyFile = path.join(dataDir, LEGACY_JWT_SECRET_FILE);
    const legacy = fs.existsSync(legacyFile) ? fs.readFileSync(legacyFile, 'utf8').trim() : '';
    const generated = legacy || crypto.randomBytes(48).toString('base64url');
    secret = await insertSettingOnce(db, JWT_SECRET_SETTING, generated, now());
  }
  return new TextEncoder().encode(secret);
}
