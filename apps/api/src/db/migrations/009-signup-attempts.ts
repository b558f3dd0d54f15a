// A sign-up code carries the name and password hash of the sign-up that asked for it (D3, docs/accounts.md): the
// one who enters the code from the mailbox decides the account's password, not whoever signed up first.
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function signupAttempts(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('otp_challenges').addColumn('attempt_name', t.text).execute();
      await db.schema.alterTable('otp_challenges').addColumn('attempt_password_hash', t.text).execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('otp_challenges').dropColumn('attempt_password_hash').execute();
      await db.schema.alterTable('otp_challenges').dropColumn('attempt_name').execute();
    },
  };
}
