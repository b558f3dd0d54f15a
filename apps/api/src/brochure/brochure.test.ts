// GET /api/packages/{id}/brochure.pdf (D28, issue 29 point 3): the brochure read back with pdftotext and
// pdfimages (poppler), kept until the package changes, and a 404 for packages that do not exist. Issue 49: it is
// laid out once per version and kept in the image storage (a folder, or PostgreSQL's rows), so a restarted app
// serves the same file without laying it out (each layout logs `brochure_rendered`); and it is held to
// PAPER_LIMITS per client address.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES, PAPER_LIMITS, PAPER_MESSAGES, type TourPackage } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp, type TestEngine } from '../test/helper';
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

/** The brochures an app keeps, read straight from its storage: the folder's files or the table's rows. */
async function keptBrochures(t: TestApp): Promise<{ name: string; body: Buffer }[]> {
  const dir = t.app.images.dir;
  if (dir) {
    return fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('brochure-'))
      .map((name) => ({ name, body: fs.readFileSync(path.join(dir, name)) }));
  }
  return t.app.db.selectFrom('image_renditions').select(['name', 'body']).where('name', 'like', 'brochure-%').execute();
}

/** Layouts the app logged since it started. */
const renders = (t: TestApp) => t.logs.filter((line) => line.includes('"event":"brochure_rendered"')).length;

const storages: [string, TestEngine, Record<string, string>][] = [
  ['sqlite, images in a folder', 'sqlite', {}],
  ...(testEngines.includes('postgres')
    ? ([
        ['postgres, images in a folder', 'postgres', {}],
        ['postgres, images in its rows', 'postgres', { UPLOADS_DIR: '' }],
      ] as [string, TestEngine, Record<string, string>][])
    : []),
];

describe.each(storages)('kept brochures on %s', (_name, engine, env) => {
  let t: TestApp;
  let owner: string;
  let pkg: TourPackage;

  const brochure = (id: string) => t.app.inject({ method: 'GET', url: `/api/packages/${id}/brochure.pdf` });

  beforeAll(async () => {
    t = await createTestApp(engine, env);
    owner = (await createUser(t, { role: 'Owner' })).token;
    const body = multipart([
      ...packageFields({ name: 'Spiti Valley Circuit' }),
      { name: 'images', file: await makePng(900, 600) },
    ]);
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

  it('is laid out once, kept in the storage, and served from there after a restart without a layout', async () => {
    expect(await keptBrochures(t)).toEqual([]);
    const first = await brochure(pkg._id);
    expect(first.statusCode).toBe(200);
    expect(renders(t)).toBe(1);
    const kept = await keptBrochures(t);
    expect(kept.map((k) => k.name)).toEqual([expect.stringMatching(new RegExp(`^brochure-${pkg._id}-\\w+\\.pdf$`))]);
    expect(Buffer.compare(kept[0]!.body, first.rawPayload)).toBe(0);

    const second = await brochure(pkg._id);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(renders(t)).toBe(1);

    // A new process on the same data: nothing in its memory, the same file from the storage, and no layout.
    t = await t.restart();
    const afterRestart = await brochure(pkg._id);
    expect(afterRestart.statusCode).toBe(200);
    expect(afterRestart.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(afterRestart.rawPayload, first.rawPayload)).toBe(0);
    expect(renders(t)).toBe(0);
    // Kept with the images, yet never served as one of them: only the route (and its limit) sends it.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${kept[0]!.name}` })).statusCode).toBe(404);
  });

  it('is made anew when the package changes, the old version removed, and goes with the package', async () => {
    const before = await brochure(pkg._id);
    const [old] = await keptBrochures(t);
    const rendered = renders(t);
    const body = multipart(packageFields({ name: 'Spiti and Kinnaur', price: '31000' }));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/packages/${pkg._id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    expect(put.statusCode, put.body).toBe(200);

    const after = await brochure(pkg._id);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(poppler('pdftotext', after.rawPayload)).toContain('Spiti and Kinnaur');
    expect(renders(t)).toBe(rendered + 1);
    const kept = await keptBrochures(t);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.name).not.toBe(old!.name);
    expect(Buffer.compare(kept[0]!.body, after.rawPayload)).toBe(0);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/packages/${pkg._id}`, headers: bearer(owner) });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await keptBrochures(t)).toEqual([]);
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
