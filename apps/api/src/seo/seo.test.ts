// D28 / issue 29 points 1, 2 and 7: the head each page's HTML carries (parsed back with an HTML parser,
// JSON-LD parsed as JSON), a package with hostile text that cannot break out of its tags, back-office
// pages marked noindex, and /sitemap.xml and /robots.txt as crawlers read them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundImage, TourPackage } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { makePng, multipart, packageFields, type Part } from '../test/upload-kit';
import { previewNameOf } from '../uploads/image-store';
import { packageDescription } from './page-head';

const SITE_URL = 'https://tours.example.in';
const HOSTILE_NAME = `Goa "Sun" <script>alert(1)</script> & Sand's </title><meta name="robots" content="noindex">`;
const HOSTILE_OVERVIEW =
  '**Beaches** & forts: </script><script>alert(2)</script> ' +
  'Sunsets at Vagator, spice farms in Ponda and the old Latin quarter of Panjim, with a day on the river. '.repeat(3);

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Static description."
    />
    <title>Static title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe.each(testEngines)('page heads, sitemap and robots on %s', (engine) => {
  let t: TestApp;
  let webDir: string;
  let owner: string;
  let hostile: TourPackage;
  let plain: TourPackage;
  let hero: BackgroundImage;

  const send = (url: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(owner) } });
  };

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-seo-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    t = await createTestApp(engine, {
      WEB_DIR: webDir,
      SITE_URL: `${SITE_URL}/`,
      SITE_NAME: 'Yatra & Co',
      SITE_PHONE: '+91 99999 00000',
      SITE_EMAIL: 'trips@yatra.example',
      SITE_ADDRESS: '12 MG Road, Bengaluru 560001',
      SITE_SOCIAL_INSTAGRAM: 'https://instagram.com/yatra',
      SITE_SOCIAL_YOUTUBE: 'https://youtube.com/@yatra',
    });
    owner = (await createUser(t, { role: 'Owner' })).token;
    const image = { name: 'images', file: await makePng(1800, 1000) };
    let res = await send('/api/packages', [
      ...packageFields({ name: HOSTILE_NAME, packageOverview: HOSTILE_OVERVIEW, price: '18500', duration: '4' }),
      image,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    hostile = res.json<TourPackage>();
    res = await send('/api/packages', [
      ...packageFields({ name: 'Short Hop' }),
      { name: 'images', file: await makePng() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    plain = res.json<TourPackage>();
    res = await send('/api/backgrounds', [image]);
    expect(res.statusCode, res.body).toBe(201);
    hero = res.json<BackgroundImage[]>()[0]!;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  /** The link preview's absolute URL for a stored image path ('/uploads/<key>-960.webp'). */
  const previewUrlOf = (imagePath: string) =>
    `${SITE_URL}/uploads/previews/${/([0-9a-f-]{36})-960\.webp$/.exec(imagePath)![1]}.jpg`;

  async function page(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    const { document } = new JSDOM(res.body).window;
    const head = document.head;
    const content = (selector: string) => head.querySelector<HTMLMetaElement>(selector)?.content;
    return {
      body: res.body,
      document,
      title: document.title,
      titles: head.querySelectorAll('title').length,
      descriptions: head.querySelectorAll('meta[name="description"]').length,
      description: content('meta[name="description"]'),
      robots: content('meta[name="robots"]'),
      canonical: head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      og: (property: string) => content(`meta[property="og:${property}"]`),
      twitter: (name: string) => content(`meta[name="twitter:${name}"]`),
      jsonLd: [...head.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
      ),
      scripts: [...document.querySelectorAll('script')].filter((s) => s.type !== 'application/ld+json').length,
    };
  }

  it("writes a package's own head, its hostile title kept as text in every tag", async () => {
    const p = await page(`/packages/${hostile._id}`);
    const url = `${SITE_URL}/packages/${hostile._id}`;
    expect(p.titles).toBe(1);
    expect(p.descriptions).toBe(1);
    expect(p.title).toBe(`${HOSTILE_NAME} | Yatra & Co`);
    expect(p.og('title')).toBe(`${HOSTILE_NAME} | Yatra & Co`);
    expect(p.twitter('title')).toBe(`${HOSTILE_NAME} | Yatra & Co`);
    // Nothing broke out: no script but the JSON-LD, no robots tag, the body is the app's.
    expect(p.scripts).toBe(0);
    expect(p.robots).toBeUndefined();
    expect(p.document.querySelector('#root')).not.toBeNull();
    expect(p.body).not.toContain('<script>alert');

    expect(p.canonical).toBe(url);
    expect(p.og('url')).toBe(url);
    expect(p.og('type')).toBe('product');
    expect(p.og('site_name')).toBe('Yatra & Co');
    // The link preview: a 1200 × 630 JPEG of the first image; JSON-LD names the largest stored rendition.
    const image = previewUrlOf(hostile.images[0]!);
    expect(p.og('image')).toBe(image);
    expect(p.og('image:width')).toBe('1200');
    expect(p.og('image:height')).toBe('630');
    expect(p.og('image:type')).toBe('image/jpeg');
    expect(p.og('image:alt')).toBe(HOSTILE_NAME);
    expect(p.twitter('image')).toBe(image);
    expect(p.twitter('card')).toBe('summary_large_image');
    expect(p.twitter('data1')).toBe('From ₹18,500 per person');

    // 150–160 characters of the overview, without its ** markers.
    expect(p.description!.length).toBeGreaterThanOrEqual(150);
    expect(p.description!.length).toBeLessThanOrEqual(160);
    expect(p.description).toMatch(/^Beaches & forts: <\/script><script>alert\(2\)<\/script> Sunsets at Vagator/);
    expect(p.description).not.toContain('**');
    expect(p.og('description')).toBe(p.description);

    expect(p.jsonLd).toHaveLength(1);
    const trip = p.jsonLd[0]!;
    expect(trip).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TouristTrip',
      name: HOSTILE_NAME,
      url,
      image: [`${SITE_URL}${hostile.images[0]!.replace(/-960\.webp$/, '-1600.webp')}`],
      provider: { '@type': 'TravelAgency', name: 'Yatra & Co' },
      offers: {
        '@type': 'Offer',
        price: 18500,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('gives the home page the agency, its first hero image and TravelAgency data', async () => {
    for (const url of ['/', '/index.html']) {
      const p = await page(url);
      expect(p.title).toBe('Yatra & Co — Customizable Tour Packages');
      expect(p.description).toContain('Yatra & Co — customizable tour packages');
      expect(p.canonical).toBe(`${SITE_URL}/`);
      expect(p.og('image')).toBe(previewUrlOf(hero.imageUrl));
      expect(p.og('image:width')).toBe('1200');
      expect(p.jsonLd).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'TravelAgency',
          name: 'Yatra & Co',
          url: `${SITE_URL}/`,
          telephone: '+91 99999 00000',
          email: 'trips@yatra.example',
          image: p.og('image'),
          address: '12 MG Road, Bengaluru 560001',
          sameAs: ['https://instagram.com/yatra', 'https://youtube.com/@yatra'],
        },
      ]);
    }
  });

  it('gives every public page its title, description and canonical URL', async () => {
    const pages = {
      '/packages?search=goa': ['Explore Our Packages | Yatra & Co', '/packages'],
      '/About/': ['About Us | Yatra & Co', '/about'],
      '/contact': ['Contact Us | Yatra & Co', '/contact'],
      '/faq': ['Terms and Conditions | Yatra & Co', '/faq'],
    };
    for (const [url, [title, canonical]] of Object.entries(pages)) {
      const p = await page(url);
      expect(p.title, url).toBe(title);
      expect(p.titles, url).toBe(1);
      expect(p.description, url).toMatch(/Yatra & Co/);
      expect(p.canonical, url).toBe(`${SITE_URL}${canonical}`);
      expect(p.robots, url).toBeUndefined();
    }
    expect((await page('/packages')).og('image')).toBe(previewUrlOf(hero.imageUrl));
  });

  it('marks back-office, customer and unknown pages noindex, without canonical or previews', async () => {
    for (const url of [
      '/owner-dashboard',
      '/all-inquiries?status=New',
      '/inquiries/view/123',
      `/packages/edit/${plain._id}`,
      '/profile-update',
      '/no-such-page',
      '/packages/00000000-0000-7000-8000-000000000000',
    ]) {
      const p = await page(url);
      expect(p.robots, url).toBe('noindex, nofollow');
      expect(p.canonical, url).toBeUndefined();
      expect(p.og('title'), url).toBeUndefined();
      expect(p.jsonLd, url).toEqual([]);
    }
    expect((await page('/no-such-page')).title).toBe('Page not found | Yatra & Co');
  });

  it("keeps a customer's trip link out of search engines: noindex in its head and headers, disallowed, unlisted", async () => {
    const url = '/trip/Zm9yLXRoZS1jcmF3bGVyLW9ubHktbm90LWEtcmVhbC10b2tlbg';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const p = await page(url);
    expect(p.title).toBe('Your trip quotation | Yatra & Co');
    expect(p.description).toBe(
      'Your quotation from Yatra & Co: the day-by-day plan, the price, and how to accept it or ask for changes.',
    );
    expect(p.robots).toBe('noindex, nofollow');
    expect(p.canonical).toBeUndefined();
    expect(p.og('title')).toBeUndefined();
    expect(p.jsonLd).toEqual([]);
    // The back office is kept out the same way; the public pages are not.
    expect((await t.app.inject({ method: 'GET', url: '/all-inquiries' })).headers['x-robots-tag']).toBe(
      'noindex, nofollow',
    );
    for (const open of ['/', '/packages', `/packages/${plain._id}`, '/contact']) {
      expect((await t.app.inject({ method: 'GET', url: open })).headers['x-robots-tag'], open).toBeUndefined();
    }
    const robots = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body.split('\n');
    expect(robots).toContain('Disallow: /trip/');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain('/trip');
  });

  it("keeps a supplier's booking link out of search engines: noindex, disallowed, titled without its request", async () => {
    const url = '/supplier/Zm9yLXRoZS1jcmF3bGVyLW9ubHktbm90LWEtcmVhbC10b2tlbg';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const p = await page(url);
    expect(p.title).toBe('Booking request | Yatra & Co');
    expect(p.description).toBe('A booking request from Yatra & Co: confirm it or decline it.');
    expect(p.robots).toBe('noindex, nofollow');
    expect(p.og('title')).toBeUndefined();
    const robots = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body.split('\n');
    expect(robots).toContain('Disallow: /supplier/');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain('/supplier/');
  });

  it('gives the unlisted public pages their title and description, and noindex', async () => {
    for (const [url, title] of [
      ['/forgot-password', 'Forgot password | Yatra & Co'],
      ['/unsubscribed?invalid=1', 'Unsubscribed | Yatra & Co'],
    ] as const) {
      const p = await page(url);
      expect(p.title, url).toBe(title);
      expect(p.description, url).toMatch(/Yatra & Co/);
      expect(p.robots, url).toBe('noindex, nofollow');
      expect(p.canonical, url).toBeUndefined();
      expect(p.og('title'), url).toBeUndefined();
    }
  });

  it('serves the link preview as a 1200 × 630 JPEG, made once and deleted with its image', async () => {
    const url = new URL(previewUrlOf(hostile.images[0]!)).pathname;
    const key = /([0-9a-f-]{36})\.jpg$/.exec(url)![1]!;
    const keptPreview = async (k: string) => t.app.images.read(previewNameOf(k));
    expect(await keptPreview(key)).toBeUndefined();

    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect((await keptPreview(key))?.body.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // Twice at once and again later: the same picture, made once.
    const again = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url })));
    for (const res of again) expect(res.rawPayload.equals(first.rawPayload)).toBe(true);

    for (const other of [
      `/uploads/previews/${key}.png`,
      `/uploads/previews/${key.toUpperCase()}.jpg`,
      '/uploads/previews/..%2Fsafarnama.db',
      `/uploads/previews/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.jpg`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: other });
      expect(res.statusCode, other).toBe(404);
    }

    // A package whose only image goes takes the preview with it.
    const res = await send('/api/packages', [
      ...packageFields({ name: 'Brief Stay' }),
      { name: 'images', file: await makePng(1300, 700) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const brief = res.json<TourPackage>();
    const briefUrl = new URL(previewUrlOf(brief.images[0]!)).pathname;
    expect((await t.app.inject({ method: 'GET', url: briefUrl })).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/packages/${brief._id}`, headers: bearer(owner) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: briefUrl })).statusCode).toBe(404);
    expect(await keptPreview(/([0-9a-f-]{36})\.jpg$/.exec(briefUrl)![1]!)).toBeUndefined();
  });

  it('lists home, packages, each package with its lastmod, about, contact and faq in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [...doc.getElementsByTagName('url')].map((u) => ({
      loc: u.getElementsByTagName('loc')[0]?.textContent,
      lastmod: u.getElementsByTagName('lastmod')[0]?.textContent ?? undefined,
    }));
    const locs = urls.map((u) => u.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE_URL}/`,
        `${SITE_URL}/packages`,
        `${SITE_URL}/about`,
        `${SITE_URL}/contact`,
        `${SITE_URL}/faq`,
        `${SITE_URL}/packages/${hostile._id}`,
        `${SITE_URL}/packages/${plain._id}`,
      ]),
    );
    expect(locs).toHaveLength(7);
    expect(urls.find((u) => u.loc === `${SITE_URL}/packages/${hostile._id}`)?.lastmod).toBe(hostile.updatedAt);
    expect(urls.find((u) => u.loc === `${SITE_URL}/packages/${plain._id}`)?.lastmod).toBe(plain.updatedAt);
  });

  it('admits the public site in robots.txt, not /api or the back office, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').map((l) => l.trim());
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/owner-dashboard', '/all-inquiries', '/manage-packages', '/packages/edit/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => l === 'Disallow: /packages')).toBe(false);
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });
});

describe('package descriptions', () => {
  const pkg = (packageOverview: string): TourPackage => ({
    _id: 'x',
    name: 'Ladakh Loop',
    description: 'Leh, Nubra, Pangong',
    price: 42000,
    duration: 7,
    images: [],
    packageOverview,
    tourItinerary: '',
    inclusions: [],
    exclusions: [],
    importantNotes: [],
    createdAt: '',
    updatedAt: '',
  });

  it('fills a short overview with the duration, places and price to 150–160 characters', () => {
    const text = packageDescription(pkg('High passes and **blue lakes**'));
    expect(
      text.startsWith('High passes and blue lakes. 7 Days across Leh, Nubra, Pangong, from ₹42,000 per person.'),
    ).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('cuts a long overview at a word, with an ellipsis', () => {
    const text = packageDescription(pkg(`- ${'Monasteries and mountain roads. '.repeat(10)}`));
    expect(text.length).toBeGreaterThanOrEqual(150);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
    expect(text.startsWith('Monasteries')).toBe(true);
  });
});
