// Data access for home-page background images: the only place that queries background_images.
import type { Insertable } from 'kysely';
import type { BackgroundImagesTable, DbOrTx } from '../db/database';
import { inTransaction } from '../packages/package.repository';

/** Display order: position, then upload time. */
export function findAllBackgrounds(db: DbOrTx) {
  return db
    .selectFrom('background_images')
    .select(['id', 'file_key'])
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Appends `rows` after the last background, in one transaction. */
export async function appendBackgrounds(
  db: DbOrTx,
  rows: readonly Omit<Insertable<BackgroundImagesTable>, 'position'>[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const last = await trx
      .selectFrom('background_images')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirst();
    const start = last?.max == null ? 0 : Number(last.max) + 1;
    await trx
      .insertInto('background_images')
      .values(rows.map((row, i) => ({ ...row, position: start + i })))
      .execute();
  });
}

/** Deletes one background; its file key, or undefined when there was none. */
export async function deleteBackgroundRow(db: DbOrTx, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('background_images').where('id', '=', id).returning('file_key').executeTakeFirst();
  return row?.file_key;
}
