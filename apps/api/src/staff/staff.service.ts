// Staff accounts (spec §3, D9, D23): listed for the back office, created, disabled and re-enabled by the Owner.
import type { FastifyInstance } from 'fastify';
import {
  STAFF_MESSAGES,
  isBackOfficeRole,
  type InquiryHandler,
  type StaffMember,
  type createStaffBodySchema,
} from '@safarnama/contract';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../errors';
import { hashPassword } from '../auth/password-hash';
import { isId, newId } from '../lib/ids';
import { now } from '../lib/clock';
import { isPendingSignup } from '../auth/pending-signup';
import {
  deletePendingSignup,
  findUserByEmail,
  findUserById,
  insertUser,
  newAccountRow,
  isUniqueViolation,
  listActiveHandlers,
  listActiveStaff,
  listDisabledStaff,
  revokeUserTokens,
  updateInquiryStaffCopies,
} from '../users/user.repository';

type StaffDeps = Pick<FastifyInstance, 'db' | 'log'>;

const toStaffMember = (row: { id: string; name: string; email: string }): StaffMember => ({
  _id: row.id,
  name: row.name,
  email: row.email,
});

/** Active Staff sorted by name; disabled accounts have left the list (D9). */
export async function listStaff(deps: StaffDeps): Promise<StaffMember[]> {
  return (await listActiveStaff(deps.db)).map(toStaffMember);
}

/** D23: removed (disabled) Staff, whom the Owner may re-enable. */
export async function listFormerStaff(deps: StaffDeps): Promise<StaffMember[]> {
  return (await listDisabledStaff(deps.db)).map(toStaffMember);
}

/** Everyone an inquiry may be assigned to (D8): active Staff and the Owner, Owners first. */
export async function listHandlers(deps: StaffDeps): Promise<InquiryHandler[]> {
  const rows = await listActiveHandlers(deps.db);
  return rows.flatMap((r) => (isBackOfficeRole(r.role) ? [{ ...toStaffMember(r), role: r.role }] : []));
}

const emailTaken = () => conflict(STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });

/**
 * A verified Staff account: the Owner vouches for the address, so no OTP is sent. The e-mail of a removed Staff
 * member re-enables that same account with the given name and password (D23), so their past inquiries still show
 * them. A pending (unverified) sign-up with the address, of any age, is replaced: nobody has shown the mailbox to
 * be theirs, and the Owner's word is more than that, so a squatted address cannot keep a new hire out (issue 49).
 * Any other existing account is a 409.
 */
export async function createStaff(
  deps: StaffDeps,
  body: z.output<typeof createStaffBodySchema>,
  createdBy: string,
): Promise<StaffMember> {
  const found = await findUserByEmail(deps.db, body.email);
  const replaced = found && isPendingSignup(found) ? found : undefined;
  const existing = replaced ? undefined : found;
  if (existing && !(existing.role === 'Staff' && existing.disabled_at !== null)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  const at = now();
  if (existing) {
    await deps.db.transaction().execute(async (trx) => {
      // Earlier tokens stay revoked: the cut-off moves on, as at removal.
      await revokeUserTokens(trx, existing.id, at, {
        name: body.name,
        password_hash: passwordHash,
        disabled_at: null,
        email_verified_at: existing.email_verified_at ?? at,
        pending_email: null,
      });
      await updateInquiryStaffCopies(trx, existing.id, body.name, existing.email);
    });
    deps.log.info({ event: 'staff_reenabled', staffId: existing.id, by: createdBy }, 'staff member re-enabled');
    return toStaffMember({ id: existing.id, name: body.name, email: existing.email });
  }
  const row = { id: newId(), name: body.name, email: body.email };
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Verified meanwhile (its code entered after all): an account now, so the address is taken.
      if (replaced && !(await deletePendingSignup(trx, replaced.id))) throw emailTaken();
      await insertUser(trx, newAccountRow({ ...row, passwordHash, role: 'Staff', verified: true, at }));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  const replacedSignup = replaced?.id ?? null;
  deps.log.info({ event: 'staff_created', staffId: row.id, by: createdBy, replacedSignup }, 'staff member created');
  return toStaffMember(row);
}

/** D9: disables the account (no login, earlier tokens revoked, off the list); inquiries keep its name. */
export async function removeStaff(deps: StaffDeps, id: string, removedBy: string): Promise<void> {
  const user = isId(id) ? await findUserById(deps.db, id) : undefined;
  if (user?.role === 'Owner') throw badRequest(STAFF_MESSAGES.cannotRemoveOwner);
  if (!user || user.role !== 'Staff' || user.disabled_at !== null) throw notFound(STAFF_MESSAGES.notFound);
  const at = now();
  await revokeUserTokens(deps.db, id, at, { disabled_at: at });
  deps.log.info({ event: 'staff_removed', staffId: id, by: removedBy }, 'staff member disabled');
}
