import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourPackage } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { makePng, multipart, packageFields } from '../test/upload-kit';

describe.each(testEngines)('package search on %s', (engine) => {
  let t: TestApp;
  let owner: string;

  const catalogue = [
    {
      name: 'Kerala Backwaters',
      description: 'Kochi, Alleppey',
      price: '25000',
      duration: '6',
      packageOverview: 'Houseboats and coconut groves.',
    },
    {
      name: 'Ladakh High Passes',
      description: 'Leh, Nubra Valley, Pangong',
      price: '42000',
      duration: '8',
      packageOverview: 'Monasteries and the 100% real Khardung La.',
    },
    {
      name: 'Goa Beach Break',
      description: 'North Goa, South Goa',
      price: '18000',
      duration: '4',
      packageOverview: 'Beaches, forts and Portuguese quarters.',
    },
    {
      name: 'Royal Rajasthan',
      description: 'Jaipur, Jodhpur, Udaipur',
      price: '55000',
      duration: '10',
      packageOverview: 'Forts, palaces and desert_camps under the stars.',
    },
  ];

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = (await createUser(t, { role: 'Owner' })).token;
    const png = await makePng(64, 64);
    for (const fields of catalogue) {
      const body = multipart([...packageFields(fields), { name: 'images', file: png }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/packages',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/packages/search?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TourPackage[]>().map((p) => p.name);
  };

  it('returns everything, newest first, without filters', async () => {
    expect(await search('')).toEqual(['Royal Rajasthan', 'Goa Beach Break', 'Ladakh High Passes', 'Kerala Backwaters']);
    expect(await search('search=&minPrice=&maxPrice=')).toHaveLength(4);
  });

  it('matches every word, case-insensitively, in name, destinations or overview', async () => {
    expect(await search('search=KERALA')).toEqual(['Kerala Backwaters']);
    expect(await search('search=nubra')).toEqual(['Ladakh High Passes']);
    expect(await search('search=forts')).toEqual(['Royal Rajasthan', 'Goa Beach Break']);
    expect(await search(`search=${encodeURIComponent('  forts   GOA ')}`)).toEqual(['Goa Beach Break']);
    expect(await search('search=forts%20kochi')).toEqual([]);
    expect(await search('search=switzerland')).toEqual([]);
  });

  it('treats LIKE wildcards and quotes as plain text', async () => {
    expect(await search('search=%25')).toEqual(['Ladakh High Passes']);
    expect(await search('search=_')).toEqual(['Royal Rajasthan']);
    expect(await search(`search=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
  });

  it('filters price and duration ranges inclusively', async () => {
    expect(await search('minPrice=25000&maxPrice=42000')).toEqual(['Ladakh High Passes', 'Kerala Backwaters']);
    expect(await search('minDuration=8')).toEqual(['Royal Rajasthan', 'Ladakh High Passes']);
    expect(await search('maxDuration=4')).toEqual(['Goa Beach Break']);
    expect(await search('minDuration=6&maxDuration=6&search=kochi')).toEqual(['Kerala Backwaters']);
    expect(await search('minPrice=60000')).toEqual([]);
    expect(await search('minPrice=50000&maxPrice=20000')).toEqual([]);
  });

  it.each([
    ['minPrice=cheap', 'minPrice must be a number'],
    ['maxPrice=1e999', 'maxPrice must be a number'],
    ['minDuration=two', 'minDuration must be a number'],
    ['maxDuration=5days', 'maxDuration must be a number'],
  ])('refuses %s with 400 and a message', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/packages/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('sees writes at once (the cache is dropped on every write)', async () => {
    expect(await search('search=andaman')).toEqual([]);
    const body = multipart([
      ...packageFields({ name: 'Andaman Islands', description: 'Port Blair, Havelock' }),
      { name: 'images', file: await makePng(64, 64) },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    expect(await search('search=andaman')).toEqual(['Andaman Islands']);
    await t.app.inject({ method: 'DELETE', url: `/api/packages/${created.json()._id}`, headers: bearer(owner) });
    expect(await search('search=andaman')).toEqual([]);
  });

  it('sends an unchanged catalogue once: ETag and 304, compressed as the browser asks', async () => {
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
    const plain = await get('/api/packages/search');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/api/packages/search', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get('/api/packages/search', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await get('/api/packages/search', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBe(
      undefined,
    );

    const again = await get('/api/packages/search', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another search has its own answer and ETag.
    const goa = await get('/api/packages/search?search=goa');
    expect(goa.headers.etag).not.toBe(etag);
    expect((await get('/api/packages/search?search=goa', { 'if-none-match': etag })).statusCode).toBe(200);

    // A write changes the answer and its ETag; undoing it gives the first bytes, and ETag, back.
    const body = multipart([
      ...packageFields({ name: 'Sikkim Monasteries', description: 'Gangtok, Pelling' }),
      { name: 'images', file: await makePng(64, 64) },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    const changed = await get('/api/packages/search', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await t.app.inject({ method: 'DELETE', url: `/api/packages/${created.json()._id}`, headers: bearer(owner) });
    expect((await get('/api/packages/search', { 'if-none-match': etag })).statusCode).toBe(304);
  });
});
