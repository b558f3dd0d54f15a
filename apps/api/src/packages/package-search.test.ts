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
});
