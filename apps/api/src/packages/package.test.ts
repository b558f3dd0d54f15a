import { imageAtWidth } from '@safarnama/contract';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_MESSAGES, PACKAGE_MESSAGES, imageSrcSet, packageSchema, type TourPackage } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { uploadsDirOf } from '../uploads/image-store';
import {
  catalogueRowCounts,
  makeJpegWithExif,
  makePng,
  multipart,
  packageFields,
  uploadedFiles,
  type Part,
} from '../test/upload-kit';

describe.each(testEngines)('packages on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = (await createUser(t, { role: 'Owner' })).token;
    staff = (await createUser(t, { role: 'Staff' })).token;
    customer = (await createUser(t, { role: 'Customer' })).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, parts: Part[], token = owner) => {
    const body = multipart(parts);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  };
  const create = async (parts: Part[]) => {
    const res = await send('POST', '/api/packages', parts);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TourPackage>();
  };
  const fileOnDisk = (imagePath: string) => path.join(uploadsDirOf(t.config.DATA_DIR), path.basename(imagePath));

  it('creates a package from real images, converting the list fields', async () => {
    const png = await makePng(800, 500);
    const jpeg = await makeJpegWithExif();
    const created = await create([
      ...packageFields(),
      { name: 'images', file: png, filename: 'a.png' },
      { name: 'images', file: jpeg, filename: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    expect(created).toMatchObject({
      name: 'Kerala Backwaters Escape',
      description: 'Kochi, Munnar, Alleppey',
      price: 24999,
      duration: 6,
      inclusions: ['Hotel stays', 'All breakfasts', 'Airport transfers'],
      exclusions: ['Flights', 'Personal expenses'],
      importantNotes: ['Carry an ID'],
      tourItinerary: '**Day 1:** Arrive in Kochi\n**Day 2:** Munnar tea estates',
    });
    expect(created.images).toHaveLength(2);
    for (const image of created.images) {
      expect(image).toMatch(/^\/uploads\/[0-9a-f-]{36}-960\.webp$/);
      expect(imageSrcSet(image)).toContain('-1600.webp 1600w');
      // Every width exists, is WebP and carries no metadata.
      for (const width of [480, 960, 1600]) {
        const file = fileOnDisk(imageAtWidth(image, width));
        const meta = await sharp(fs.readFileSync(file)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
      }
    }
    // Never upscaled: the 800 px PNG stays 800 px at the 960 and 1600 widths.
    const first = await sharp(fileOnDisk(imageAtWidth(created.images[0]!, 1600))).metadata();
    expect(first.width).toBe(800);
    // EXIF orientation 6 applied before the metadata was dropped: 600×300 becomes 300×600.
    const second = await sharp(fileOnDisk(created.images[1]!)).metadata();
    expect([second.width, second.height]).toEqual([300, 600]);

    // The files are served with immutable caching and nosniff.
    const served = await t.app.inject({ method: 'GET', url: created.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const read = await t.app.inject({ method: 'GET', url: `/api/packages/${created._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
    // Reads send JSON serialised ahead of time: it must still be exactly the contract's shape.
    expect(packageSchema.strict().parse(read.json())).toEqual(created);
  });

  it('accepts list fields as repeated parts too', async () => {
    const created = await create([
      ...packageFields({ name: 'Repeated lists' }).filter((p) => p.name !== 'inclusions'),
      { name: 'inclusions', value: 'Stay' },
      { name: 'inclusions', value: 'Meals\nGuide' },
      { name: 'images', file: await makePng() },
    ]);
    expect(created.inclusions).toEqual(['Stay', 'Meals', 'Guide']);
  });

  it('lists packages newest first, publicly', async () => {
    const older = await create([...packageFields({ name: 'Older' }), { name: 'images', file: await makePng() }]);
    const newer = await create([...packageFields({ name: 'Newer' }), { name: 'images', file: await makePng() }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(res.statusCode).toBe(200);
    const ids = z
      .array(packageSchema.strict())
      .parse(res.json())
      .map((p) => p._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    expect(ids[0]).toBe(newer._id);
  });

  it('answers unknown and malformed ids with a JSON 404', async () => {
    for (const id of ['0190d0a2-0000-7000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/packages/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: PACKAGE_MESSAGES.notFound });
    }
    const put = await send('PUT', '/api/packages/not-an-id', packageFields());
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/packages/not-an-id', headers: bearer(owner) });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: PACKAGE_MESSAGES.notFound });
  });

  it('requires every field and at least one image on create, leaving nothing behind', async () => {
    const before = { rows: await catalogueRowCounts(t), files: uploadedFiles(t) };
    const missing = await send('POST', '/api/packages', [
      ...packageFields().filter((p) => p.name !== 'tourItinerary'),
      { name: 'images', file: await makePng() },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Tour itinerary is required',
      errors: { tourItinerary: 'Tour itinerary is required' },
    });
    const badNumber = await send('POST', '/api/packages', [
      ...packageFields({ price: 'cheap', duration: '0' }),
      { name: 'images', file: await makePng() },
    ]);
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().errors).toEqual({
      price: 'Price is required and must be a number',
      duration: 'Duration must be at least 1 day',
    });
    const blankList = await send('POST', '/api/packages', [
      ...packageFields({ exclusions: '\n  \n' }),
      { name: 'images', file: await makePng() },
    ]);
    expect(blankList.json().errors).toEqual({ exclusions: 'Exclusions are required' });
    const noImage = await send('POST', '/api/packages', [
      ...packageFields(),
      // What a browser sends for an empty file chooser: ignored, so still no image.
      { name: 'images', file: Buffer.alloc(0), filename: '', contentType: 'application/octet-stream' },
    ]);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe(PACKAGE_MESSAGES.atLeastOneImage);
    expect(await catalogueRowCounts(t)).toEqual(before.rows);
    expect(uploadedFiles(t)).toEqual(before.files);
  });

  it('edits fields, keeps, reorders and drops images, and appends new ones', async () => {
    const [a, b, c] = await Promise.all([
      makePng(500, 300, '#111'),
      makePng(500, 300, '#555'),
      makePng(500, 300, '#999'),
    ]);
    const created = await create([
      ...packageFields({ name: 'Three images' }),
      { name: 'images', file: a },
      { name: 'images', file: b },
      { name: 'images', file: c },
    ]);
    const [imgA, imgB, imgC] = created.images as [string, string, string];

    // No keepImages: every image stays, fields are replaced.
    const plain = await send('PUT', `/api/packages/${created._id}`, [
      ...packageFields({ name: 'Renamed', price: '19999.5', inclusions: 'Only this' }),
    ]);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({
      _id: created._id,
      name: 'Renamed',
      price: 19999.5,
      inclusions: ['Only this'],
      images: [imgA, imgB, imgC],
      createdAt: created.createdAt,
    });

    // Keep C then A (B dropped), add one new image at the end.
    const reordered = await send('PUT', `/api/packages/${created._id}`, [
      ...packageFields({ name: 'Renamed' }),
      { name: 'keepImages', value: imgC },
      { name: 'keepImages', value: `http://localhost:3000${imgA}` },
      { name: 'images', file: await makePng(320, 200) },
    ]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    const images = reordered.json<TourPackage>().images;
    expect(images.slice(0, 2)).toEqual([imgC, imgA]);
    expect(images).toHaveLength(3);
    expect(images[2]).not.toBe(imgB);
    // B's files are gone, the others are there.
    expect(fs.existsSync(fileOnDisk(imgB))).toBe(false);
    expect(fs.existsSync(fileOnDisk(imageAtWidth(imgB, 480)))).toBe(false);
    expect(fs.existsSync(fileOnDisk(imgA))).toBe(true);
    const details = await t.app.inject({ method: 'GET', url: `/api/packages/${created._id}` });
    expect(details.json().images).toEqual(images);

    // Keeping none with no new image is refused; nothing changes.
    const none = await send('PUT', `/api/packages/${created._id}`, [
      ...packageFields({ name: 'Renamed' }),
      { name: 'keepImages', value: '' },
    ]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PACKAGE_MESSAGES.atLeastOneImage);

    // An image of another package cannot be "kept"; the new upload of that request is cleaned up.
    const other = await create([...packageFields({ name: 'Other' }), { name: 'images', file: await makePng() }]);
    const filesBefore = uploadedFiles(t);
    const foreign = await send('PUT', `/api/packages/${created._id}`, [
      ...packageFields({ name: 'Renamed' }),
      { name: 'keepImages', value: other.images[0]! },
      { name: 'images', file: await makePng() },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(PACKAGE_MESSAGES.keepUnknownImage);
    expect(uploadedFiles(t)).toEqual(filesBefore);

    // Keep none and replace with a new image: all old files go.
    const replaced = await send('PUT', `/api/packages/${created._id}`, [
      ...packageFields({ name: 'Renamed' }),
      { name: 'keepImages', value: '' },
      { name: 'images', file: await makePng() },
    ]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().images).toHaveLength(1);
    for (const old of images) expect(fs.existsSync(fileOnDisk(old))).toBe(false);
  });

  it('deletes a package with its files', async () => {
    const created = await create([
      ...packageFields({ name: 'To delete' }),
      { name: 'images', file: await makePng() },
      { name: 'images', file: await makePng() },
    ]);
    const before = uploadedFiles(t);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/packages/${created._id}`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PACKAGE_MESSAGES.deleted });
    expect(before.length - uploadedFiles(t).length).toBe(6);
    for (const image of created.images) expect(fs.existsSync(fileOnDisk(image))).toBe(false);
    const gone = await t.app.inject({ method: 'GET', url: `/api/packages/${created._id}` });
    expect(gone.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(list.json<TourPackage[]>().some((p) => p._id === created._id)).toBe(false);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/packages/${created._id}`, headers: bearer(owner) });
    expect(again.statusCode).toBe(404);
  });

  describe('decisions §6 matrix', () => {
    let existing: TourPackage;
    beforeAll(async () => {
      existing = await create([...packageFields({ name: 'Matrix' }), { name: 'images', file: await makePng() }]);
    });

    it.each([
      ['anonymous', undefined, 401, AUTH_MESSAGES.authRequired],
      ['Customer', 'customer', 403, AUTH_MESSAGES.forbidden],
      ['Staff', 'staff', 403, AUTH_MESSAGES.forbidden],
    ] as const)('refuses writes by %s', async (_who, who, status, message) => {
      const token = who === 'customer' ? customer : who === 'staff' ? staff : undefined;
      const auth = token ? bearer(token) : {};
      const before = { rows: await catalogueRowCounts(t), files: uploadedFiles(t) };
      const body = multipart([...packageFields(), { name: 'images', file: await makePng() }]);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/packages',
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/packages/${existing._id}`,
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
      const del = await t.app.inject({ method: 'DELETE', url: `/api/packages/${existing._id}`, headers: auth });
      for (const res of [post, put, del]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ message });
      }
      expect(await catalogueRowCounts(t)).toEqual(before.rows);
      expect(uploadedFiles(t)).toEqual(before.files);
    });

    it.each([
      ['anonymous', undefined],
      ['Customer', 'customer'],
      ['Staff', 'staff'],
      ['Owner', 'owner'],
    ] as const)('lets %s read the list, the details and search', async (_who, who) => {
      const token = who === 'customer' ? customer : who === 'staff' ? staff : who === 'owner' ? owner : undefined;
      const headers = token ? bearer(token) : {};
      for (const url of ['/api/packages', `/api/packages/${existing._id}`, '/api/packages/search?search=matrix']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
      }
    });
  });
});
