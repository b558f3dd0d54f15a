// D2: when no Owner exists, OWNER_EMAIL / OWNER_PASSWORD (/ OWNER_NAME) make one at start.
import type { FastifyInstance } from 'fastify';
import { PASSWORD_REQUIREMENTS_MESSAGE, isStrongPassword } from '@safarnama/contract';
import { hashPassword } from './password-hash';
import { newId } from '../lib/ids';
import { now } from '../lib/clock';
import {
  findUserByEmail,
  hasActiveOwner,
  insertUser,
  newAccountRow,
  isUniqueViolation,
  revokeUserTokens,
} from '../users/user.repository';

export type BootstrapResult = 'created' | 'promoted' | 'skipped';

/**
 * Creates the verified Owner, or promotes the account that already uses OWNER_EMAIL (its password is
 * set to OWNER_PASSWORD and its earlier tokens revoked, as for any role change). Logs what happened,
 * never the password.
 */
export async function bootstrapOwner(app: Pick<FastifyInstance, 'db' | 'config' | 'log'>): Promise<BootstrapResult> {
  const { OWNER_EMAIL, OWNER_PASSWORD, OWNER_NAME } = app.config;
  if (!OWNER_EMAIL || !OWNER_PASSWORD) return 'skipped';
  if (await hasActiveOwner(app.db)) return 'skipped';
  if (!isStrongPassword(OWNER_PASSWORD)) {
    throw new Error(`OWNER_PASSWORD: ${PASSWORD_REQUIREMENTS_MESSAGE} (8+ characters, upper, lower, digit, special)`);
  }

  const email = OWNER_EMAIL.toLowerCase();
  const name = OWNER_NAME.trim() || 'Owner';
  const passwordHash = await hashPassword(OWNER_PASSWORD);
  const at = now();
  const existing = await findUserByEmail(app.db, email);
  if (existing) {
    await revokeUserTokens(app.db, existing.id, at, {
      role: 'Owner',
      password_hash: passwordHash,
      email_verified_at: existing.email_verified_at ?? at,
      disabled_at: null,
    });
    app.log.info(
      { event: 'owner_bootstrap', email, userId: existing.id },
      `Owner bootstrap: promoted ${email} to Owner`,
    );
    return 'promoted';
  }
  const id = newId();
  try {
    await insertUser(app.db, newAccountRow({ id, name, email, passwordHash, role: 'Owner', verified: true, at }));
  } catch (err) {
    // Another process starting at the same time created it first.
    if (isUniqueViolation(err)) return 'skipped';
    throw err;
  }
  app.log.info({ event: 'owner_bootstrap', email, userId: id }, `Owner bootstrap: created the Owner account ${email}`);
  return 'created';
}
