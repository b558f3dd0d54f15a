// Where stored image renditions live (D29): files in a folder (DATA_DIR/uploads, or an UPLOADS_DIR every instance
// mounts) or rows of the database (PostgreSQL without UPLOADS_DIR), so any instance can serve any image.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { now } from '../lib/clock';

export interface StoredRendition {
  body: Buffer;
  etag: string;
}

export interface ImageStorage {
  readonly kind: 'files' | 'database';
  /** The folder, for file storage. */
  readonly dir?: string;
  /** Writes a new rendition; fails when the name is taken (names are never rewritten). */
  write(name: string, imageKey: string, body: Buffer): Promise<void>;
  /** Removes renditions; never throws, answers the names it could not remove. */
  remove(names: readonly string[]): Promise<string[]>;
  /**
   * Removes every object written under `imageKey` (named `<imageKey>-…`) but `keep`, for objects whose names are
   * not all known (a package's brochures, one per version); never throws, answers false when some may be left.
   */
  removeKey(imageKey: string, keep?: string): Promise<boolean>;
  read(name: string): Promise<StoredRendition | undefined>;
}

/** A strong ETag of a rendition's bytes. */
export const etagOf = (body: Buffer) =>
  `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export function fileStorage(dir: string): ImageStorage {
  const fileOf = (name: string) => path.join(dir, path.basename(name));
  const remove = async (names: readonly string[]) => {
    const results = await Promise.allSettled(names.map((name) => fs.rm(fileOf(name), { force: true })));
    return names.filter((_, i) => results[i]!.status === 'rejected');
  };
  return {
    kind: 'files',
    dir,
    async write(name, _imageKey, body) {
      // Written whole under another name, then linked into place: a reader never sees half a file, and link fails
      // when the name is taken, as the database's unique name does.
      const partial = `${fileOf(name)}.${crypto.randomUUID()}.partial`;
      await fs.writeFile(partial, body);
      try {
        await fs.link(partial, fileOf(name));
      } finally {
        await fs.rm(partial, { force: true });
      }
    },
    remove,
    async removeKey(imageKey, keep) {
      try {
        const names = (await fs.readdir(dir)).filter(
          // A `.partial` file is another write under way: it links itself into place and goes on its own.
          (name) => name.startsWith(`${imageKey}-`) && name !== keep && !name.endsWith('.partial'),
        );
        return (await remove(names)).length === 0;
      } catch {
        return false;
      }
    },
    async read(name) {
      try {
        const body = await fs.readFile(fileOf(name));
        return { body, etag: etagOf(body) };
      } catch {
        return undefined;
      }
    },
  };
}

export function databaseStorage(db: Db): ImageStorage {
  return {
    kind: 'database',
    async write(name, imageKey, body) {
      await db
        .insertInto('image_renditions')
        .values({ name, image_key: imageKey, body, etag: etagOf(body), created_at: now() })
        .execute();
    },
    async remove(names) {
      if (names.length === 0) return [];
      try {
        await db
          .deleteFrom('image_renditions')
          .where('name', 'in', [...names])
          .execute();
        return [];
      } catch {
        return [...names];
      }
    },
    async removeKey(imageKey, keep) {
      try {
        await db
          .deleteFrom('image_renditions')
          .where('image_key', '=', imageKey)
          .$if(keep !== undefined, (q) => q.where('name', '!=', keep!))
          .execute();
        return true;
      } catch {
        return false;
      }
    },
    async read(name) {
      return db.selectFrom('image_renditions').select(['body', 'etag']).where('name', '=', name).executeTakeFirst();
    },
  };
}
