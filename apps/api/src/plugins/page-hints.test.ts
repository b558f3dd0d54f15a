// The public pages' HTML names their chunks, first data and largest image (page-hints.ts), exactly as the
// web app asks for them; other pages get the site settings only, and a page still loads without hints.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, packageFieldsSchema } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { insertBackgrounds } from '../backgrounds/background.service';
import { insertPackageWithImages, invalidateCatalogue } from '../packages/package.service';
import { pageModules, type ViteManifest } from './page-hints';

const INDEX_HTML =
  '<!doctype html><html><head><title>Safarnama</title>' +
  '<script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A build's manifest as Vite writes it: the entry, three lazy public pages (named after their modules), a lazy
 * page that is not hinted, and chunks they share with each other and the entry.
 */
const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-a1.js', name: 'index', isEntry: true, imports: ['_shared-entry.js'] },
  '_shared-entry.js': { file: 'assets/shared-entry-b2.js', name: 'shared-entry' },
  'src/features/home/home-page.tsx': {
    file: 'assets/home-page-h8.js',
    name: 'home-page',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-entry.js'],
  },
  'src/features/packages/packages-page.tsx': {
    file: 'assets/packages-page-c3.js',
    name: 'packages-page',
    isDynamicEntry: true,
    imports: ['index.html', '_card.js', '_shared-entry.js'],
  },
  'src/features/packages/package-details-page.tsx': {
    file: 'assets/package-details-page-d4.js',
    name: 'package-details-page',
    isDynamicEntry: true,
    imports: ['index.html', '_format.js'],
  },
  'src/features/about/about-page.tsx': {
    file: 'assets/about-page-g7.js',
    name: 'about-page',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  '_card.js': { file: 'assets/card-e5.js', name: 'card', imports: ['_format.js'] },
  '_format.js': { file: 'assets/format-f6.js', name: 'format' },
};

function makeWebDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-hints-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

const fields = (name: string) =>
  packageFieldsSchema.parse({
    name,
    description: 'Kochi, Munnar',
    price: 24999,
    duration: 5,
    packageOverview: 'Backwaters and hills.',
    tourItinerary: 'Day 1: Kochi',
    inclusions: 'Hotels',
    exclusions: 'Flights',
    importantNotes: 'Carry ID',
  });

/** The hint <link> tags in <head> (not the canonical link, seo/page-head.ts), as [rel, href, other attributes]. */
function links(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link ([^>]*)>/g)]
    .map(([, attrs]) => {
      const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs!)?.[1];
      return { rel: attr('rel'), as: attr('as'), href: attr('href'), attrs: attrs! };
    })
    .filter((link) => link.rel !== 'canonical');
}

describe('pageModules', () => {
  it("names each page's chunks outside the entry's static closure, and nothing without a manifest", () => {
    expect(pageModules(MANIFEST)).toEqual({
      home: ['/assets/home-page-h8.js'],
      packages: ['/assets/packages-page-c3.js', '/assets/card-e5.js', '/assets/format-f6.js'],
      packageDetails: ['/assets/package-details-page-d4.js', '/assets/format-f6.js'],
    });
    expect(pageModules(undefined)).toEqual({ home: [], packages: [], packageDetails: [] });
  });

  const PACKAGES = 'src/features/packages/packages-page.tsx';
  const DETAILS = 'src/features/packages/package-details-page.tsx';
  const without = (key: string): ViteManifest =>
    Object.fromEntries(Object.entries(MANIFEST).filter(([k]) => k !== key));

  it("finds a page by its chunk's name in the manifest, wherever the web keeps its module", () => {
    const moved: ViteManifest = { ...without(PACKAGES), 'src/pages/catalogue/packages-page.tsx': MANIFEST[PACKAGES]! };
    expect(pageModules(moved).packages).toEqual(pageModules(MANIFEST).packages);
  });

  it('names no chunks for a page the build has no single chunk for, and says which', () => {
    const missing: string[] = [];
    const build: ViteManifest = {
      ...without(DETAILS),
      'src/features/packages/packages-page-v2.tsx': MANIFEST[PACKAGES]!,
    };
    expect(pageModules(build, (page, chunk) => missing.push(`${page}: ${chunk}`))).toEqual({
      home: ['/assets/home-page-h8.js'],
      packages: [],
      packageDetails: [],
    });
    expect(missing).toEqual(['packages: packages-page', 'packageDetails: package-details-page']);
  });
});

describe.each(testEngines)('page hints on %s', (engine) => {
  let t: TestApp;
  let webDir: string;
  let newest: { _id: string; images: string[] };

  beforeAll(async () => {
    webDir = makeWebDir();
    t = await createTestApp(engine, { WEB_DIR: webDir });
    await insertBackgrounds(t.app.db, ['bg-one', 'bg-two']);
    await insertPackageWithImages(t.app.db, fields('Older'), ['old']);
    // Created a moment later, so it is first in the newest-first list.
    await new Promise((resolve) => setTimeout(resolve, 5));
    newest = await insertPackageWithImages(t.app.db, fields('Kerala Backwaters'), ['kerala', 'munnar']);
    invalidateCatalogue(t.app.db);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    return links(res.body);
  };

  it('home: its chunk, the first hero slide at high priority, the slides and the site settings', async () => {
    const tags = await page('/');
    const image = tags.find((l) => l.as === 'image');
    expect(image?.href).toBe('/uploads/bg-one-960.webp');
    expect(image?.attrs).toContain(
      'imagesrcset="/uploads/bg-one-480.webp 480w, /uploads/bg-one-960.webp 960w, /uploads/bg-one-1600.webp 1600w"',
    );
    expect(image?.attrs).toContain(`imagesizes="${IMAGE_SIZES.hero}"`);
    expect(image?.attrs).toContain('fetchpriority="high"');
    expect(tags.filter((l) => l.as === 'fetch').map((l) => l.href)).toEqual(['/api/backgrounds', '/api/site']);
    expect(tags.filter((l) => l.as === 'fetch').every((l) => /\bcrossorigin\b/.test(l.attrs))).toBe(true);
    expect(tags.filter((l) => l.rel === 'modulepreload').map((l) => l.href)).toEqual(pageModules(MANIFEST).home);
  });

  it("/packages: its chunks, the unfiltered search and the newest package's first image at card size", async () => {
    const tags = await page('/packages');
    expect(tags.filter((l) => l.rel === 'modulepreload').map((l) => l.href)).toEqual(pageModules(MANIFEST).packages);
    expect(tags.filter((l) => l.as === 'fetch').map((l) => l.href)).toEqual(['/api/packages/search', '/api/site']);
    const image = tags.find((l) => l.as === 'image');
    expect(image?.href).toBe(newest.images[0]);
    expect(image?.attrs).toContain(`imagesizes="${IMAGE_SIZES.card}"`);
  });

  it('/packages with a filter: the chunks only, since the results decide the first image', async () => {
    const tags = await page('/packages?search=kerala&maxPrice=30000');
    expect(tags.filter((l) => l.rel === 'modulepreload')).toHaveLength(pageModules(MANIFEST).packages.length);
    expect(tags.filter((l) => l.as === 'fetch').map((l) => l.href)).toEqual(['/api/site']);
    expect(tags.some((l) => l.as === 'image')).toBe(false);
  });

  it("/packages/{id}: its chunks, the package's JSON and its first photo at gallery size", async () => {
    const tags = await page(`/packages/${newest._id}`);
    expect(tags.filter((l) => l.rel === 'modulepreload').map((l) => l.href)).toEqual(
      pageModules(MANIFEST).packageDetails,
    );
    expect(tags.filter((l) => l.as === 'fetch').map((l) => l.href)).toEqual([
      `/api/packages/${newest._id}`,
      '/api/site',
    ]);
    const image = tags.find((l) => l.as === 'image');
    expect(image?.href).toBe('/uploads/kerala-960.webp');
    expect(image?.attrs).toContain(`imagesizes="${IMAGE_SIZES.gallery}"`);
  });

  it('an unknown or malformed package id: the chunks, no data or image; other pages: the site settings', async () => {
    for (const url of ['/packages/01890000-0000-7000-8000-000000000000', '/packages/not-an-id', '/packages/x"><b']) {
      const tags = await page(url);
      expect(tags.some((l) => l.as === 'image')).toBe(false);
      expect(tags.filter((l) => l.as === 'fetch').map((l) => l.href)).toEqual(['/api/site']);
    }
    for (const url of ['/about', '/all-inquiries', '/packages/edit/abc']) {
      const tags = await page(url);
      expect(tags.map((l) => l.href)).toEqual(['/api/site']);
    }
  });
});
