// Background image rules: uploaded images become hero backgrounds in display order (D11 pipeline).
import { BACKGROUND_MESSAGES, type BackgroundImage } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { badRequest, notFound } from '../errors';
import { now } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import { deleteImages, imagePathOf } from '../uploads/image-store';
import { discardUpload, type UploadForm } from '../uploads/upload-form';
import type { CatalogueContext } from '../packages/package.service';
import { appendBackgrounds, deleteBackgroundRow, findAllBackgrounds } from './background.repository';

const toBackground = (row: { id: string; file_key: string }): BackgroundImage => ({
  _id: row.id,
  imageUrl: imagePathOf(row.file_key),
});

export async function listBackgrounds(ctx: Pick<CatalogueContext, 'db'>): Promise<BackgroundImage[]> {
  return (await findAllBackgrounds(ctx.db)).map(toBackground);
}

/** Adds already stored images (`imageKeys`, in order) after the existing backgrounds. */
export async function insertBackgrounds(db: DbOrTx, imageKeys: readonly string[]): Promise<BackgroundImage[]> {
  if (imageKeys.length === 0) {
    throw badRequest(BACKGROUND_MESSAGES.selectAtLeastOne, { images: BACKGROUND_MESSAGES.selectAtLeastOne });
  }
  const at = now();
  const rows = imageKeys.map((file_key) => ({ id: newId(), file_key, created_at: at }));
  await appendBackgrounds(db, rows);
  return rows.map(toBackground);
}

/** POST /api/backgrounds: the new backgrounds, or no files left behind. */
export async function createBackgrounds(ctx: CatalogueContext, form: UploadForm): Promise<BackgroundImage[]> {
  try {
    return await insertBackgrounds(ctx.db, form.imageKeys);
  } catch (err) {
    await discardUpload(ctx.images, form.imageKeys, ctx.log);
    throw err;
  }
}

/** DELETE /api/backgrounds/{id}: the row goes first, then its files. */
export async function deleteBackground(ctx: CatalogueContext, id: string): Promise<void> {
  const key = isId(id) ? await deleteBackgroundRow(ctx.db, id.toLowerCase()) : undefined;
  if (!key) throw notFound(BACKGROUND_MESSAGES.notFound);
  const left = await deleteImages(ctx.images, [key]);
  if (left.length > 0) ctx.log.error({ files: left }, 'could not delete the files of a deleted background');
}
