// Data access for user accounts and their OTP challenges: the only place that queries these tables.
import { sql, type Insertable, type Updateable } from 'kysely';
import { BACK_OFFICE_ROLES } from '@safarnama/contract';
import type { DbOrTx, OtpPurpose, UsersTable } from '../db/database';

export type UserRow = UsersTable;
export type NewUser = Insertable<UsersTable>;

/** The fields the access check needs on every authenticated request. */
export function findUserForAuth(db: DbOrTx, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'disabled_at', 'email_verified_at', 'tokens_valid_after'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findUserById(db: DbOrTx, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `email` must already be lower-cased (the contract schemas do it). */
export function findUserByEmail(db: DbOrTx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The Customer account that has verified `email` (lower-cased), if one has. */
export function findVerifiedCustomerByEmail(db: DbOrTx, email: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('role', '=', 'Customer')
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * A new account's row: enabled unless `disabled`, its tokens valid from the start, e-mail verified at `at` when
 * `verified` (a Customer verifies by OTP later).
 */
export function newAccountRow(account: {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  role: NewUser['role'];
  verified: boolean;
  at: number;
  disabled?: boolean;
}): NewUser {
  const { id, name, email, passwordHash, role, verified, at, disabled = false } = account;
  return {
    id,
    name,
    email,
    password_hash: passwordHash,
    role,
    email_verified_at: verified ? at : null,
    disabled_at: disabled ? at : null,
    tokens_valid_after: 0,
    pending_email: null,
    created_at: at,
    updated_at: at,
  };
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Whether a write failed on the unique e-mail (a concurrent registration won the race). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  changes: Updateable<Omit<UsersTable, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * D18: every token of the user issued up to `at` stops working. The cut-off moves past both `at` and its previous
 * value, so a token signed at the old cut-off (a login in the same millisecond as the last revocation) is caught too.
 */
export async function revokeUserTokens(
  db: DbOrTx,
  id: string,
  at: number,
  changes: Updateable<Omit<UsersTable, 'id' | 'created_at' | 'tokens_valid_after'>> = {},
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({
      ...changes,
      tokens_valid_after: sql<number>`CASE WHEN tokens_valid_after > ${at} THEN tokens_valid_after + 1 ELSE ${at + 1} END`,
      updated_at: at,
    })
    .where('id', '=', id)
    .returning('tokens_valid_after')
    .executeTakeFirst();
  return Number(row?.tokens_valid_after ?? at + 1);
}

/** Disabled Staff (D23's former staff), by name. */
export function listDisabledStaff(db: DbOrTx) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('role', '=', 'Staff')
    .where('disabled_at', 'is not', null)
    .orderBy('name')
    .orderBy('email')
    .execute();
}

export async function hasActiveOwner(db: DbOrTx): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'Owner')
    .where('disabled_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Active (not disabled) Staff, by name. */
export function listActiveStaff(db: DbOrTx) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('role', '=', 'Staff')
    .where('disabled_at', 'is', null)
    .orderBy('name')
    .orderBy('email')
    .execute();
}

/** Active, verified Staff and Owners (D8's assignees): Owners first, then by name. */
export function listActiveHandlers(db: DbOrTx) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('role', 'in', BACK_OFFICE_ROLES)
    .where('disabled_at', 'is', null)
    .where('email_verified_at', 'is not', null)
    .orderBy('role', 'asc')
    .orderBy('name')
    .orderBy('email')
    .execute();
}

/** Keeps the assignee copies on inquiries (shown in lists) in step with a back-office user's name and e-mail. */
export async function updateInquiryStaffCopies(db: DbOrTx, staffId: string, name: string, email: string) {
  await db
    .updateTable('inquiries')
    // NFC, as every inquiry text is stored (inquiry.repository.ts), so the search finds the name either way typed.
    .set({ staff_name: name.normalize('NFC'), staff_email: email.normalize('NFC') })
    .where('staff_id', '=', staffId)
    .execute();
}

/**
 * Deletes a pending sign-up: an unverified, enabled Customer row with no inquiry linked to it, and with
 * `staleBefore`, only when the row and every sign-up code of it are older than that (an expired sign-up). One
 * guarded statement, so a sign-up again that lands meanwhile keeps its row. Its codes and settings go with it
 * (ON DELETE CASCADE). True when a row was deleted.
 */
export async function deletePendingSignup(db: DbOrTx, userId: string, staleBefore?: number): Promise<boolean> {
  let query = db
    .deleteFrom('users')
    .where('id', '=', userId)
    .where('role', '=', 'Customer')
    .where('email_verified_at', 'is', null)
    .where('disabled_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('inquiries').select('id').where('customer_user_id', '=', userId))),
    );
  if (staleBefore !== undefined) {
    query = query
      .where('created_at', '<', staleBefore)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('otp_challenges')
              .select('id')
              .where('user_id', '=', userId)
              .where('purpose', '=', 'signup')
              .where('created_at', '>=', staleBefore),
          ),
        ),
      );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// --- OTP challenges -------------------------------------------------------------------------------------

export async function insertOtpChallenge(
  db: DbOrTx,
  challenge: {
    id: string;
    user_id: string;
    purpose: OtpPurpose;
    code_hash: string;
    expires_at: number;
    created_at: number;
    attempt_name: string | null;
    attempt_password_hash: string | null;
  },
): Promise<void> {
  await db
    .insertInto('otp_challenges')
    .values({ ...challenge, attempts: 0, consumed_at: null })
    .execute();
}

/** The newest challenge of a user for `purpose` (older ones are voided when a new one is made). */
export function findLatestOtpChallenge(db: DbOrTx, userId: string, purpose: OtpPurpose) {
  return db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Gives a user's open sign-up code another sign-up to finish (a sign-up again within the cool-down, D3). */
export async function setOpenSignupAttempt(db: DbOrTx, userId: string, name: string, passwordHash: string) {
  await db
    .updateTable('otp_challenges')
    .set({ attempt_name: name, attempt_password_hash: passwordHash })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'signup')
    .where('consumed_at', 'is', null)
    .execute();
}

/** Voids every open challenge of a user for `purpose` (a newer code replaces them). */
export async function voidOpenOtpChallenges(db: DbOrTx, userId: string, purpose: OtpPurpose, at: number) {
  await db
    .updateTable('otp_challenges')
    .set({ consumed_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

/**
 * Counts a wrong try atomically; answers the new count, or undefined when the challenge was closed meanwhile.
 * The `attempts < max` guard keeps two racing wrong guesses from both counting as a "fifth try".
 */
export async function recordOtpAttempt(db: DbOrTx, id: string, max: number): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

export async function deleteOtpChallenge(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('otp_challenges').where('id', '=', id).execute();
}

/** Marks a challenge used; false when someone else consumed it first (single use under races). */
export async function consumeOtpChallenge(db: DbOrTx, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_challenges')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
