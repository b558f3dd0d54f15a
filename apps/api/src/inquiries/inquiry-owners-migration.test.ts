// Migration 010 on a database whose Customers saw inquiries by address (before D5 as amended): each unlinked
// inquiry sent with a Customer's verified address becomes theirs, nothing else moves, and the way down takes back
// exactly the links it made.
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../test/helper';
import { migrateToLatest, openDatabase } from '../db/connection';
import { allMigrations } from '../db/migrations/index';
import { newId } from '../lib/ids';
import { insertUser, newAccountRow } from '../users/user.repository';
import { insertInquiryRows, linkUnlinkedInquiries } from './inquiry.repository';
import { row } from '../test/inquiry-kit';

describe.each(testEngines)('migration 010 on %s', (engine) => {
  it('links the inquiries Customers saw by their verified address, and takes back only those', async () => {
    const database = await createTestDatabase(engine);
    const handle = openDatabase({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    try {
      const db = handle.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(engine) } });
      expect((await migrator.migrateTo('009-signup-attempts')).error).toBeUndefined();

      const at = Date.UTC(2024, 4, 1);
      const account = async (email: string, role: 'Customer' | 'Staff', verified: boolean) => {
        const id = newId();
        await insertUser(db, newAccountRow({ id, name: email, email, passwordHash: 'x', role, verified, at }));
        return id;
      };
      const asha = await account('asha@example.com', 'Customer', true);
      const other = await account('other@example.com', 'Customer', true);
      await account('pending@example.com', 'Customer', false);
      await account('staff@example.com', 'Staff', true);
      const rows = {
        public: row({ customer_email: 'asha@example.com' }),
        another: row({ customer_email: 'asha@example.com' }),
        // Sent logged in by another Customer with Asha's address: theirs, and stays so.
        othersOwn: row({ customer_email: 'asha@example.com', customer_user_id: other }),
        deleted: row({ customer_email: 'asha@example.com', deleted_at: at }),
        pending: row({ customer_email: 'pending@example.com' }),
        staffAddress: row({ customer_email: 'staff@example.com' }),
        stranger: row({ customer_email: 'nobody@example.com' }),
      };
      await insertInquiryRows(db, Object.values(rows));
      const owners = async () => {
        const found = await db.selectFrom('inquiries').select(['id', 'customer_user_id']).execute();
        const byId = new Map(found.map((r) => [r.id, r.customer_user_id]));
        return Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, byId.get(r.id)]));
      };
      const before = await owners();

      await migrateToLatest(handle);
      expect(await owners()).toEqual({ ...before, public: asha, another: asha });

      // A link made after the upgrade (a sign-up's verification) is not the migration's to take back.
      const later = row({ customer_email: 'pending@example.com' });
      await insertInquiryRows(db, [later]);
      const pendingId = (
        await db.selectFrom('users').select('id').where('email', '=', 'pending@example.com').execute()
      )[0]!.id;
      await linkUnlinkedInquiries(db, pendingId, 'pending@example.com');

      expect((await migrator.migrateTo('009-signup-attempts')).error).toBeUndefined();
      expect(await owners()).toEqual({ ...before, pending: pendingId });
      const kept = await db.selectFrom('inquiries').select('customer_user_id').where('id', '=', later.id).execute();
      expect(kept[0]!.customer_user_id).toBe(pendingId);

      await migrateToLatest(handle);
      expect(await owners()).toEqual({ ...before, public: asha, another: asha, pending: pendingId });
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});
