// GET /api/packages/{id}/brochure.pdf (D28, issue 29 point 3): the brochure read back with pdftotext and
// pdfimages (poppler), kept until the package changes, and a 404 for packages that do not exist; held to
// PAPER_LIMITS per client address (issue 49).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES, PAPER_LIMITS, PAPER_MESSAGES, type TourPackage } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { makeJpegWithExif, makePng, multipart, packageFields, type Part } from '../test/upload-kit';

/** Runs a poppler tool on the PDF bytes and returns its output. */
function poppler(tool: 'pdftotext' | 'pdfimages' | 'pdfinfo', pdf: Buffer, args: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-brochure-'));
  try {
    const file = path.join(dir, 'brochure.pdf');
    fs.writeFileSync(file, pdf);
    const out = tool === 'pdftotext' ? ['-layout', file, '-'] : [file];
    return execFileSync(tool, [...args, ...out], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testEngines)('package brochures on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let pkg: TourPackage;

  const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(owner) } });
  };
  const brochure = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/packages/${id}/brochure.pdf`, headers });

  beforeAll(async () => {
    t = await createTestApp(engine, {
      SITE_URL: 'https://tours.example.in',
      SITE_NAME: 'Yatra Tours',
      SITE_PHONE: '+91 99999 00000',
      SITE_EMAIL: 'trips@yatra.example',
    });
    owner = (await createUser(t, { role: 'Owner' })).token;
    const res = await send('POST', '/api/packages', [
      ...packageFields({
        name: 'Hampi & Badami "Boulders"',
        description: 'Hampi, Badami, Aihole',
        price: '18500',
        duration: '4',
        packageOverview: 'Boulders, **temples** and the river at dawn.',
        tourItinerary: '**Day 1:** Hampi bazaar\n**Day 2:** Vittala temple',
        inclusions: 'Breakfast\nGuide',
        exclusions: 'Flights',
        importantNotes: 'Carry water',
      }),
      { name: 'images', file: await makePng(900, 600) },
      { name: 'images', file: await makeJpegWithExif() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    pkg = res.json<TourPackage>();
  });
  afterAll(async () => {
    await t.close();
  });

  it("holds the package's photos, price, duration, places, texts and the agency's contacts", async () => {
    const res = await brochure(pkg._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="hampi-badami-boulders-brochure.pdf"');
    const text = poppler('pdftotext', res.rawPayload).replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Hampi & Badami "Boulders"',
      'PRICE PER PERSON',
      'From ₹18,500',
      '4 Days',
      'Hampi, Badami, Aihole',
      'Boulders, temples and the river at dawn.',
      'Day 1: Hampi bazaar',
      'Day 2: Vittala temple',
      'Breakfast',
      'Guide',
      'Flights',
      'Carry water',
      'Yatra Tours',
      '+91 99999 00000',
      'trips@yatra.example',
      `https://tours.example.in/packages/${pkg._id}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('**');
    expect(poppler('pdfinfo', res.rawPayload)).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    // Both photos, drawn as images.
    const images = poppler('pdfimages', res.rawPayload, ['-list']).trim().split('\n').slice(2);
    expect(images.length).toBe(2);
  });

  it('is kept until the package changes, then made anew', async () => {
    const first = await brochure(pkg._id);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await brochure(pkg._id, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const res = await send(
      'PUT',
      `/api/packages/${pkg._id}`,
      packageFields({ name: 'Hampi Revisited', price: '21000' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = await brochure(pkg._id, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const text = poppler('pdftotext', changed.rawPayload);
    expect(text).toContain('Hampi Revisited');
    expect(text).toContain('₹21,000');
  });

  it('prints Devanagari in a font that has it, Latin and bold runs beside it in theirs', async () => {
    const res = await send('POST', '/api/packages', [
      ...packageFields({
        name: 'गोवा तट Goa Beaches',
        tourItinerary: '**Day 1:** हम्पी बाज़ार and the river',
        inclusions: 'नाश्ता\nGuide',
      }),
      { name: 'images', file: await makePng(900, 600) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const pdf = (await brochure(res.json<TourPackage>()._id)).rawPayload;
    const text = poppler('pdftotext', pdf).replace(/[ \t]+/g, ' ');
    for (const expected of ['गोवा तट Goa Beaches', 'Day 1: हम्पी बाज़ार and the river', 'नाश्ता', 'Guide']) {
      expect(text, expected).toContain(expected);
    }
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/NotoSansDevanagari-Bold/);
    expect(fonts).toMatch(/NotoSansDevanagari-Regular/);
    expect(fonts).toMatch(/DejaVuSans-Bold/);
  });

  it('answers 404 for a package that does not exist, or an id that is not one', async () => {
    for (const id of ['00000000-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await brochure(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: PACKAGE_MESSAGES.notFound });
    }
  });
});

describe.each(testEngines)('brochure limit per client address on %s', (engine) => {
  let t: TestApp;
  let pkg: TourPackage;

  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
    const owner = (await createUser(t, { role: 'Owner' })).token;
    const body = multipart([...packageFields(), { name: 'images', file: await makePng(640, 400) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    expect(res.statusCode, res.body).toBe(201);
    pkg = res.json<TourPackage>();
  });
  afterAll(async () => {
    await t.close();
  });

  const fetchFrom = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `/api/packages/${pkg._id}/brochure.pdf`, remoteAddress });

  it(`sends one address ${PAPER_LIMITS.brochurePerClient[0]} brochures, then 429 with Retry-After; another gets its own`, async () => {
    const [max] = PAPER_LIMITS.brochurePerClient;
    for (let n = 1; n <= max; n++) {
      const res = await fetchFrom('198.51.100.23');
      expect(res.statusCode, `#${n}: ${res.body}`).toBe(200);
    }
    const refused = await fetchFrom('198.51.100.23');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: PAPER_MESSAGES.tooManyDownloads });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const other = await fetchFrom('198.51.100.24');
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe('application/pdf');
  });
});
