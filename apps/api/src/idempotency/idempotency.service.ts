// D34's Idempotency-Key: a create sent with a key claims it first; the create's answer is kept with it in the
// create's own transaction; a repeat within IDEMPOTENCY_KEY_TTL_HOURS gets that answer. Everything goes through
// the database's unique key, so instances and processes sharing one database agree without talking to each other.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENCY_MESSAGES } from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { conflict, unprocessable } from '../errors';
import { now } from '../lib/clock';
import {
  deleteClaim,
  deleteKeysCreatedBy,
  findKey,
  insertClaim,
  markDone,
  takeOverClaim,
  type IdempotencyKeyRow,
} from './idempotency.repository';

const IDEMPOTENCY_KEY_TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60_000;
/**
 * How long a claim stays its holder's without an answer. A create commits within seconds or never (its process
 * died, and its transaction with it): after this a repeat takes the key over, and a holder still alive finds its
 * claim gone and rolls its create back.
 */
export const CLAIM_LEASE_MS = 60_000;
/** How long a repeat waits for the answer of a first request still running before it answers 409. */
const ANSWER_WAIT_MS = 10_000;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

/** One keyed create: the caller's key (hashed with its scope) and what it asked for. */
export interface IdempotentCall {
  keyHash: string;
  fingerprint: string;
}

/** The key held for this request: its create may record the answer; anything else releases it. */
export interface IdempotencyClaim {
  keyHash: string;
  claimId: string;
}

export interface IdempotentAnswer {
  statusCode: number;
  body: unknown;
}

export type ClaimOutcome = { claim: IdempotencyClaim } | { replay: IdempotentAnswer };

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * The call's identity. `scope` is the caller (a user id, or an anonymous client's address): a key names a create
 * only within it, so nobody reaches another's answer by sending their key. `body` is the parsed body, so a repeat
 * that differs only in what the schema normalises (spaces, an e-mail's case) is the same call.
 */
export function idempotentCall(scope: string, key: string, operation: string, body: unknown): IdempotentCall {
  return {
    keyHash: sha256(JSON.stringify([scope, key])),
    fingerprint: sha256(JSON.stringify([operation, body])),
  };
}

const answerOf = (row: IdempotencyKeyRow): IdempotentAnswer => ({
  statusCode: row.status_code!,
  body: JSON.parse(row.response!) as unknown,
});

/**
 * Claims the key for this request, or answers with its first answer. A key in use for another body is 422; one
 * whose first request is still running is waited for (ANSWER_WAIT_MS, then 409). Expired keys are purged here,
 * on the way, as expired sign-ups are.
 */
export async function claimOrReplay(db: Db, call: IdempotentCall): Promise<ClaimOutcome> {
  const deadline = performance.now() + ANSWER_WAIT_MS;
  let pause = FIRST_POLL_MS;
  let purge = true;
  for (;;) {
    const at = now();
    if (purge) await deleteKeysCreatedBy(db, at - IDEMPOTENCY_KEY_TTL_MS);
    purge = false;
    const claim = { keyHash: call.keyHash, claimId: crypto.randomUUID() };
    const pending = { fingerprint: call.fingerprint, claim_id: claim.claimId, status_code: null, response: null };
    if (await insertClaim(db, { key_hash: call.keyHash, ...pending, status: 'pending', created_at: at })) {
      return { claim };
    }
    const row = await findKey(db, call.keyHash);
    // Released (its create failed) or expired since the insert: claim it again.
    if (!row) continue;
    if (row.created_at <= at - IDEMPOTENCY_KEY_TTL_MS) {
      purge = true;
      continue;
    }
    if (row.status === 'pending' && at - row.created_at >= CLAIM_LEASE_MS) {
      const taken = { claimId: claim.claimId, fingerprint: call.fingerprint, createdAt: at };
      if (await takeOverClaim(db, call.keyHash, row.claim_id, taken)) return { claim };
      continue;
    }
    if (row.fingerprint !== call.fingerprint) throw unprocessable(IDEMPOTENCY_MESSAGES.keyReused);
    if (row.status === 'done') return { replay: answerOf(row) };
    if (performance.now() >= deadline) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
    await sleep(pause);
    pause = Math.min(pause * 2, MAX_POLL_MS);
  }
}

/**
 * Keeps the answer with the claim, in the create's transaction: the create and its answer commit together or not
 * at all. A claim taken over meanwhile (this request outlived the lease) throws, rolling the create back.
 */
export async function recordAnswer(db: DbOrTx, claim: IdempotencyClaim, answer: IdempotentAnswer): Promise<void> {
  const kept = { statusCode: answer.statusCode, response: JSON.stringify(answer.body) };
  if (!(await markDone(db, claim.keyHash, claim.claimId, kept))) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
}

/** Frees the key when the request ended without recording an answer (an error, a limit): a retry runs afresh. */
export async function releaseClaim(db: DbOrTx, claim: IdempotencyClaim): Promise<void> {
  await deleteClaim(db, claim.keyHash, claim.claimId);
}
