// Work a route leaves for after its answer has gone: the account calls whose work (rows written, a code or a notice
// mailed) depends on whether an address has an account, so that the time of the answer cannot tell (docs/accounts.md).
// In this process, not in a table: a code lost to a crash is asked for again with Resend, and a code kept in a
// table would sit there in the clear, which its stored HMAC exists to avoid.
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    afterAnswer: AfterAnswer;
  }
}

interface AfterAnswer {
  /**
   * Runs `job` once `reply` has been sent (or its client has gone). Jobs of one `key` (an address) run one after
   * another in the order they were given, so a sign-up and its "Change details" a moment later do not cross.
   * A failure is logged and goes no further: the answer has gone.
   */
  run(reply: FastifyReply, key: string, job: () => Promise<void>): void;
  /** Resolves once every job given so far has finished (shutdown, and tests that read the mail it sends). */
  idle(): Promise<void>;
}

function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const tails = new Map<string, Promise<void>>();
  const running = new Set<Promise<void>>();
  return {
    run(reply, key, job) {
      const sent = new Promise<void>((resolve) => {
        if (reply.raw.destroyed) resolve();
        else reply.raw.once('close', () => resolve());
      });
      const previous = tails.get(key);
      const done = Promise.all([previous, sent])
        .then(job)
        .catch((err: unknown) => log.error({ err, event: 'after_answer_failed' }, 'work after an answer failed'));
      tails.set(key, done);
      running.add(done);
      void done.then(() => {
        running.delete(done);
        if (tails.get(key) === done) tails.delete(key);
      });
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    const afterAnswer = createAfterAnswer(app.log);
    app.decorate('afterAnswer', afterAnswer);
    // Once the requests in flight have been answered and before the database closes (its onClose runs after this
    // one): work an answer has promised is finished, not cut off.
    app.addHook('onClose', async () => afterAnswer.idle());
  },
  { name: 'after-answer', dependencies: ['db'] },
);
