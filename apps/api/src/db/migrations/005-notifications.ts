// D25: the notification outbox (written in the same transaction as the change that causes a mail, sent by
// the in-process sender), the addresses that asked for no more status mails, and the back office's mail
// preferences (a missing row means both kinds on).
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect';
import { columnTypes } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function notifications(engine: Engine) {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('notification_outbox')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('kind', t.text, (c) => c.notNull())
        // One mail per event: a second write of the same event is ignored.
        .addColumn('dedupe_key', t.text, (c) => c.notNull().unique())
        .addColumn('recipient', t.text, (c) => c.notNull())
        .addColumn('subject', t.text, (c) => c.notNull())
        .addColumn('text_body', t.text, (c) => c.notNull())
        .addColumn('html_body', t.text, (c) => c.notNull())
        .addColumn('unsubscribe_url', t.text)
        .addColumn('status', t.text, (c) => c.notNull())
        .addColumn('tries', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.bigint, (c) => c.notNull())
        .addColumn('lease_id', t.text)
        .addColumn('lease_until', t.bigint)
        .addColumn('last_error', t.text)
        .addColumn('last_attempt_at', t.bigint)
        .addColumn('sent_at', t.bigint)
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      // The sender's scan: due pending mail, oldest first.
      await db.schema
        .createIndex('notification_outbox_due')
        .on('notification_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      // The Owner's list, newest first, with or without the status filter.
      await db.schema
        .createIndex('notification_outbox_created')
        .on('notification_outbox')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('notification_outbox_status_created')
        .on('notification_outbox')
        .columns(['status', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('notification_unsubscribes')
        .addColumn('email', t.text, (c) => c.primaryKey())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', t.text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('new_inquiry', t.int, (c) => c.notNull())
        .addColumn('assignment', t.int, (c) => c.notNull())
        .addColumn('updated_at', t.bigint, (c) => c.notNull())
        .execute();
    },

    async down(db: AnyDb) {
      await db.schema.dropTable('notification_preferences').execute();
      await db.schema.dropTable('notification_unsubscribes').execute();
      await db.schema.dropTable('notification_outbox').execute();
    },
  };
}
