// D29: on PostgreSQL without UPLOADS_DIR, image renditions are rows, served by any instance with an immutable cache
// header and an ETag, and removed with their package or background; nothing is written to DATA_DIR.
import fs from 'node:fs';
import { IMAGE_WIDTHS, type BackgroundImage, type TourPackage } from '@safarnama/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { makePng, multipart, packageFields } from '../test/upload-kit';
import { uploadsDirOf } from './image-store';

describe.runIf(testEngines.includes('postgres'))('image renditions in PostgreSQL', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { UPLOADS_DIR: '' });
    owner = (await createUser(t, { role: 'Owner' })).token;
  });
  afterAll(() => t.close());

  const rows = async () =>
    (await t.app.db.selectFrom('image_renditions').select(['name', 'image_key']).execute()).map((r) => r.name).sort();

  it('keeps no folder of images', () => {
    expect(t.app.images.kind).toBe('database');
    expect(fs.existsSync(uploadsDirOf(t.config.DATA_DIR))).toBe(false);
  });

  it('stores every width of a package image, serves it with an ETag and 304, and deletes it with the package', async () => {
    const form = multipart([...packageFields(), { name: 'images', file: await makePng(1400, 900) }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { ...form.headers, ...bearer(owner) },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const pkg = created.json<TourPackage>();
    const key = /\/uploads\/(.+)-\d+\.webp$/.exec(pkg.images[0]!)![1]!;
    expect(await rows()).toEqual(IMAGE_WIDTHS.map((w) => `${key}-${w}.webp`).sort());

    for (const width of IMAGE_WIDTHS) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${key}-${width}.webp` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await t.app.inject({
        method: 'GET',
        url: `/uploads/${key}-${width}.webp`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }

    const brochure = await t.app.inject({ method: 'GET', url: `/api/packages/${pkg._id}/brochure.pdf` });
    expect(brochure.statusCode).toBe(200);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/packages/${pkg._id}`, headers: bearer(owner) });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await rows()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: pkg.images[0]! })).statusCode).toBe(404);
  });

  it('deletes a background with its renditions', async () => {
    const form = multipart([{ name: 'images', file: await makePng(800, 500) }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/backgrounds',
      headers: { ...form.headers, ...bearer(owner) },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const [background] = created.json<BackgroundImage[]>();
    expect(await rows()).toHaveLength(IMAGE_WIDTHS.length);
    expect((await t.app.inject({ method: 'GET', url: background!.imageUrl })).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/backgrounds/${background!._id}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await rows()).toEqual([]);
  });

  it('looks up stored names only', async () => {
    for (const url of ['/uploads/..%2Fsecret', '/uploads/x.webp', '/uploads/0000-960.webp']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
