// Data access for D34's Idempotency-Keys: claim, read, record the answer, release, take over, purge.
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, IdempotencyKeysTable } from '../db/database';

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/** Inserts a pending claim; false when the key is already there (the unique key decides between racing claims). */
export async function insertClaim(db: DbOrTx, row: Insertable<IdempotencyKeysTable>): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.column('key_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findKey(db: DbOrTx, keyHash: string): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

/** Gives a pending claim its answer; false when the claim is no longer this holder's (taken over, or gone). */
export async function markDone(
  db: DbOrTx,
  keyHash: string,
  claimId: string,
  answer: { statusCode: number; response: string },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', status_code: answer.statusCode, response: answer.response })
    .where('key_hash', '=', keyHash)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Frees a key whose create gave no answer to keep (an error), if the claim is still this holder's. */
export async function deleteClaim(db: DbOrTx, keyHash: string, claimId: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('key_hash', '=', keyHash)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'pending')
    .execute();
}

/** Moves an abandoned pending claim (its holder seen as `staleClaimId`) to a new holder; false if another won. */
export async function takeOverClaim(
  db: DbOrTx,
  keyHash: string,
  staleClaimId: string,
  claim: { claimId: string; fingerprint: string; createdAt: number },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ claim_id: claim.claimId, fingerprint: claim.fingerprint, created_at: claim.createdAt })
    .where('key_hash', '=', keyHash)
    .where('claim_id', '=', staleClaimId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the keys created at or before `cutoff` (those past their time). */
export async function deleteKeysCreatedBy(db: DbOrTx, cutoff: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff).execute();
}
