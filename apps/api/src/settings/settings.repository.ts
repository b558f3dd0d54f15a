// Data access for the settings table (migration 004): values generated once and shared by every process.
import type { DbOrTx } from '../db/database';

export async function findSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/**
 * Stores `value` under `key` unless a value is already there, and answers the stored one: the first of
 * several processes starting at once wins and every process reads the same value.
 */
export async function insertSettingOnce(db: DbOrTx, key: string, value: string, at: number): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value, created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await findSetting(db, key);
  if (stored === undefined) throw new Error(`setting ${key} was not stored`);
  return stored;
}
