// Data access for tour packages and their ordered images: the only place that queries these tables.
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, PackagesTable } from '../db/database';

export type PackageRow = Selectable<PackagesTable>;
export type NewPackageRow = Insertable<PackagesTable>;
export type PackageChanges = Omit<PackageRow, 'id' | 'created_at'>;

/**
 * Runs `fn` in one transaction (committed when it resolves, rolled back when it throws), or simply
 * inside the caller's transaction when `db` already is one (the demo seed writes everything in one).
 */
export function inTransaction<T>(db: DbOrTx, fn: (trx: DbOrTx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Every package, newest first, with every image ordered by position (the catalogue is small, D10). */
export async function findAllPackages(db: DbOrTx) {
  const [packages, images] = await Promise.all([
    db.selectFrom('packages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    db
      .selectFrom('package_images')
      .select(['package_id', 'file_key'])
      .orderBy('package_id')
      .orderBy('position')
      .execute(),
  ]);
  return { packages, images };
}

export function findPackageById(db: DbOrTx, id: string) {
  return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPackageImages(db: DbOrTx, packageId: string) {
  return db.selectFrom('package_images').selectAll().where('package_id', '=', packageId).orderBy('position').execute();
}

export async function insertPackage(db: DbOrTx, row: NewPackageRow): Promise<void> {
  await db.insertInto('packages').values(row).execute();
}

export async function updatePackageRow(db: DbOrTx, id: string, changes: PackageChanges): Promise<void> {
  await db.updateTable('packages').set(changes).where('id', '=', id).execute();
  // D26: inquiries linked to it show its current name.
  if (changes.name !== undefined) {
    await db
      .updateTable('inquiries')
      .set({ package_title: changes.name })
      .where('package_id', '=', id)
      .where('package_title', 'is distinct from', changes.name)
      .execute();
  }
}

/** Replaces a package's images with `images` in this order (kept rows keep their ids). */
export async function replacePackageImages(
  db: DbOrTx,
  packageId: string,
  images: readonly { id: string; file_key: string; created_at: number }[],
): Promise<void> {
  await db.deleteFrom('package_images').where('package_id', '=', packageId).execute();
  if (images.length === 0) return;
  await db
    .insertInto('package_images')
    .values(images.map((img, position) => ({ ...img, package_id: packageId, position })))
    .execute();
}

/** Deletes a package and its image rows; whether it existed. */
export async function deletePackageRow(db: DbOrTx, id: string): Promise<boolean> {
  await db.deleteFrom('package_images').where('package_id', '=', id).execute();
  // D26: inquiries that asked about it keep its name as text.
  await db.updateTable('inquiries').set({ package_id: null }).where('package_id', '=', id).execute();
  const result = await db.deleteFrom('packages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
