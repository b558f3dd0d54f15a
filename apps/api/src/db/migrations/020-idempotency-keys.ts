// D34: the Idempotency-Keys of recent creates: one row per caller's key, claimed before the create runs and given
// the create's answer in the create's own transaction, so a retry anywhere replays it and never creates twice.
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function idempotencyKeys(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('idempotency_keys')
        // SHA-256 of the caller's scope and the key: unique, so of two concurrent claims exactly one inserts.
        .addColumn('key_hash', t.text, (c) => c.primaryKey())
        .addColumn('fingerprint', t.text, (c) => c.notNull())
        .addColumn('claim_id', t.text, (c) => c.notNull())
        .addColumn('status', t.text, (c) => c.notNull())
        .addColumn('status_code', t.int)
        .addColumn('response', t.text)
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      // The purge of expired keys.
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  };
}
