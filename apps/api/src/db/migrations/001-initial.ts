// The tables of every domain (decisions §4); indexes that serve one domain's queries live in its own migration.
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect';
import { columnTypes } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function initial(engine: Engine) {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull())
        .addColumn('email', t.text, (c) => c.notNull().unique())
        .addColumn('password_hash', t.text, (c) => c.notNull())
        .addColumn('role', t.text, (c) => c.notNull())
        .addColumn('email_verified_at', t.bigint)
        .addColumn('disabled_at', t.bigint)
        .addColumn('tokens_valid_after', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('updated_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_role_name').on('users').columns(['role', 'name']).execute();

      await db.schema
        .createTable('otp_challenges')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('user_id', t.text, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', t.text, (c) => c.notNull())
        .addColumn('expires_at', t.bigint, (c) => c.notNull())
        .addColumn('attempts', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', t.bigint)
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('otp_challenges_user')
        .on('otp_challenges')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('packages')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull())
        .addColumn('description', t.text, (c) => c.notNull())
        .addColumn('price_paise', t.bigint, (c) => c.notNull())
        .addColumn('duration_days', t.int, (c) => c.notNull())
        .addColumn('overview', t.text, (c) => c.notNull())
        .addColumn('itinerary', t.text, (c) => c.notNull())
        .addColumn('inclusions', t.text, (c) => c.notNull())
        .addColumn('exclusions', t.text, (c) => c.notNull())
        .addColumn('important_notes', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('updated_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('packages_created').on('packages').columns(['created_at']).execute();

      await db.schema
        .createTable('package_images')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('package_id', t.text, (c) => c.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('position', t.int, (c) => c.notNull())
        .addColumn('file_key', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('package_images_package')
        .on('package_images')
        .columns(['package_id', 'position'])
        .execute();

      await db.schema
        .createTable('background_images')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('file_key', t.text, (c) => c.notNull())
        .addColumn('position', t.int, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('inquiries')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('customer_name', t.text, (c) => c.notNull())
        .addColumn('customer_email', t.text, (c) => c.notNull())
        .addColumn('customer_whatsapp', t.text, (c) => c.notNull())
        .addColumn('customer_user_id', t.text, (c) => c.references('users.id'))
        .addColumn('staff_id', t.text, (c) => c.references('users.id'))
        .addColumn('staff_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('staff_email', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('traveling_from', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('location', t.text, (c) => c.notNull())
        .addColumn('drop_city', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('adults', t.int, (c) => c.notNull())
        .addColumn('kids', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('extra_info', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('tour_duration', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('hotel_type', t.text)
        .addColumn('budget_paise', t.bigint, (c) => c.notNull())
        .addColumn('status', t.text, (c) => c.notNull())
        .addColumn('total_revenue_paise', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('hotel_cost_paise', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('cab_cost_paise', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('advance_paise', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('tpc_paise', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .addColumn('updated_at', t.bigint, (c) => c.notNull())
        .addColumn('deleted_at', t.bigint)
        .addColumn('deleted_by', t.text, (c) => c.references('users.id'))
        .execute();

      await db.schema
        .createTable('inquiry_events')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inquiry_id', t.text, (c) => c.notNull().references('inquiries.id'))
        .addColumn('actor_id', t.text, (c) => c.references('users.id'))
        .addColumn('actor_name', t.text, (c) => c.notNull())
        .addColumn('type', t.text, (c) => c.notNull())
        .addColumn('field', t.text)
        .addColumn('from_value', t.text)
        .addColumn('to_value', t.text)
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('inquiry_events_inquiry')
        .on('inquiry_events')
        .columns(['inquiry_id', 'created_at'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'inquiry_events',
        'inquiries',
        'background_images',
        'package_images',
        'packages',
        'otp_challenges',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
