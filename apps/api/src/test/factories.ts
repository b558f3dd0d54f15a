// Test factories: accounts of any role with a ready token, inserted directly (no mail, no rate limits).
import crypto from 'node:crypto';
import type { Role } from '@safarnama/contract';
import { hashPassword } from '../auth/password-hash';
import { newId } from '../lib/ids';
import { now } from '../lib/clock';
import { insertUser, newAccountRow } from '../users/user.repository';
import type { TestApp } from './helper';

export interface CreateUserOptions {
  role: Role;
  name?: string;
  email?: string;
  password?: string;
  /** Default true; an unverified account cannot log in and its token is refused. */
  verified?: boolean;
  /** Default false; a disabled account (D9) cannot log in and its token is refused. */
  disabled?: boolean;
}

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

/** A password that meets D4, the same for every factory user (hashing once keeps suites fast). */
const FACTORY_PASSWORD = 'Factory#Pass1';
let factoryHash: Promise<string> | undefined;

/** Creates a user of `opts.role` and signs a token for it with the app's own token service. */
export async function createUser(t: TestApp, opts: CreateUserOptions): Promise<CreatedUser> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const name = opts.name ?? `${opts.role} ${suffix}`;
  const email = (opts.email ?? `${opts.role.toLowerCase()}-${suffix}@example.test`).toLowerCase();
  const password = opts.password ?? FACTORY_PASSWORD;
  const passwordHash =
    password === FACTORY_PASSWORD
      ? await (factoryHash ??= hashPassword(FACTORY_PASSWORD))
      : await hashPassword(password);
  const id = newId();
  const at = now();
  await insertUser(
    t.app.db,
    newAccountRow({
      id,
      name,
      email,
      passwordHash,
      role: opts.role,
      verified: opts.verified !== false,
      disabled: Boolean(opts.disabled),
      at,
    }),
  );
  const token = await t.app.tokens.sign({ id, role: opts.role, name, tokensValidAfter: 0 });
  return { id, name, email, password, token };
}

/** `{ authorization: 'Bearer …' }` for app.inject. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
