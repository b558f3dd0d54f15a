import { imageAtWidth } from '@safarnama/contract';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, BACKGROUND_MESSAGES, type BackgroundImage } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { uploadsDirOf } from '../uploads/image-store';
import { catalogueRowCounts, makePng, multipart, uploadedFiles } from '../test/upload-kit';

describe.each(testEngines)('backgrounds on %s', (engine) => {
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

  const upload = async (count: number, token = owner) => {
    const files = await Promise.all(Array.from({ length: count }, (_, i) => makePng(400, 250, `#${i}${i}${i}`)));
    const body = multipart(files.map((file) => ({ name: 'images', file })));
    return t.app.inject({
      method: 'POST',
      url: '/api/backgrounds',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/backgrounds' });
    expect(res.statusCode).toBe(200);
    return res.json<BackgroundImage[]>();
  };

  it('starts empty', async () => {
    expect(await list()).toEqual([]);
  });

  it('uploads backgrounds and lists them in display order', async () => {
    const first = await upload(2);
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(1);
    expect(second.statusCode).toBe(201);
    const created = [...first.json<BackgroundImage[]>(), ...second.json<BackgroundImage[]>()];
    for (const bg of created) expect(bg.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-960\.webp$/);
    expect(await list()).toEqual(created);
    const served = await t.app.inject({ method: 'GET', url: created[0]!.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('deletes a background and its files', async () => {
    const [victim, ...rest] = await list();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/backgrounds/${victim!._id}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: BACKGROUND_MESSAGES.deleted });
    expect(await list()).toEqual(rest);
    const dir = uploadsDirOf(t.config.DATA_DIR);
    for (const width of [480, 960, 1600]) {
      const file = path.join(dir, path.basename(imageAtWidth(victim!.imageUrl, width)));
      expect(fs.existsSync(file)).toBe(false);
    }
    expect(uploadedFiles(t)).toHaveLength(rest.length * 3);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['0190d0a2-0000-7000-8000-000000000000', 'nope']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/backgrounds/${id}`, headers: bearer(owner) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: BACKGROUND_MESSAGES.notFound });
    }
  });

  it.each([
    ['anonymous', undefined, 401, AUTH_MESSAGES.authRequired],
    ['Customer', 'customer', 403, AUTH_MESSAGES.forbidden],
    ['Staff', 'staff', 403, AUTH_MESSAGES.forbidden],
  ] as const)('refuses uploads and deletes by %s', async (_who, who, status, message) => {
    const token = who === 'customer' ? customer : who === 'staff' ? staff : undefined;
    const before = { rows: await catalogueRowCounts(t), files: uploadedFiles(t) };
    const [existing] = await list();
    const files = multipart([{ name: 'images', file: await makePng() }]);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/backgrounds',
      payload: files.payload,
      headers: { ...files.headers, ...(token ? bearer(token) : {}) },
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/backgrounds/${existing!._id}`,
      headers: token ? bearer(token) : {},
    });
    for (const res of [post, del]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect(await catalogueRowCounts(t)).toEqual(before.rows);
    expect(uploadedFiles(t)).toEqual(before.files);
  });

  it('lets everyone read the list', async () => {
    for (const token of [undefined, customer, staff, owner]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/backgrounds', headers: token ? bearer(token) : {} });
      expect(res.statusCode).toBe(200);
    }
  });
});
