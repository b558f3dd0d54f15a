// Account codes beyond sign-up (issue 23): an e-mail change waits in `users.pending_email` until the code mailed to
// the new address is entered (D21), and each OTP challenge names its purpose, so a password-reset or login code
// never verifies a sign-up or an e-mail change, and a new code of one purpose does not void another's.
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function accountCodes(_engine: Engine) {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
      // Every challenge before this one was a sign-up code.
      await db.schema
        .alterTable('otp_challenges')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('signup'))
        .execute();
    },

    async down(db: AnyDb) {
      await db.schema.alterTable('otp_challenges').dropColumn('purpose').execute();
      await db.schema.alterTable('users').dropColumn('pending_email').execute();
    },
  };
}
