// The hooks that make a create route honour an Idempotency-Key (D34): the route declares
// idempotentCreateHeadersSchema, runs `preHandler` before its own limits and `onResponse`, and hands
// `recorderFor(request)` to its service, which records the answer in the create's transaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENT_REPLAYED_HEADER } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import {
  claimOrReplay,
  idempotentCall,
  recordAnswer,
  releaseClaim,
  type IdempotencyClaim,
} from './idempotency.service';

/** Records a create's answer (its status and body) beside the create, in the transaction it is given. */
export type AnswerRecorder = (db: DbOrTx, statusCode: number, body: unknown) => Promise<void>;

/** The key by which a caller's keys are told apart: its account, or for an anonymous caller its client address. */
const scopeOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `client:${request.ip}`);

export function idempotentCreate(app: FastifyInstance, operation: string) {
  const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();
  return {
    /**
     * A repeat is answered here, with the first answer, before the route's budgets count it; a first request claims
     * its key and goes on. A request without the header goes on untouched.
     */
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') return;
      const outcome = await claimOrReplay(app.db, idempotentCall(scopeOf(request), key, operation, request.body));
      if ('claim' in outcome) {
        claims.set(request, outcome.claim);
        return;
      }
      return reply
        .status(outcome.replay.statusCode)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .send(outcome.replay.body);
    },
    /** The recorder of this request's claim, or undefined when it sent no key. */
    recorderFor(request: FastifyRequest): AnswerRecorder | undefined {
      const claim = claims.get(request);
      if (!claim) return undefined;
      return (db, statusCode, body) => recordAnswer(db, claim, { statusCode, body });
    },
    /** A claim still pending once the answer is out (an error, a 429) frees its key; a recorded one is kept. */
    async onResponse(request: FastifyRequest) {
      const claim = claims.get(request);
      if (claim) await releaseClaim(app.db, claim);
    },
  };
}
