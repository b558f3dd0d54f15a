// How the built web app is served (issue 2 point 8): hashed assets cached for a year, index.html never cached
// and given for every path outside /api and /uploads, the build's pre-compressed files sent as they are, and
// JSON compressed on the fly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';

describe('serving the web app', () => {
  let t: TestApp;
  let webDir: string;
  const script = `console.info(${JSON.stringify('Safarnama '.repeat(200))})`;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
    fs.writeFileSync(path.join(webDir, 'assets/app-1a2b.js'), script);
    fs.writeFileSync(path.join(webDir, 'assets/app-1a2b.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDir, 'assets/app-1a2b.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(webDir, 'sw.js'), "importScripts('/workbox-1a2b.js');");
    t = await createTestApp('sqlite', { WEB_DIR: webDir, API_DOCS: 'true', SITE_NAME: 'Yatra Tours' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('caches hashed assets for a year and sends the pre-compressed file the browser accepts', async () => {
    const br = await get('/assets/app-1a2b.js', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches unhashed files briefly, and never the app page, which answers every path outside /api', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    for (const url of ['/', '/index.html', '/packages/some-id', '/all-inquiries?status=New']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<body>app</body>');
    }
    const api = await get('/api/no-such-thing');
    expect(api.json()).toEqual({ message: 'Not found' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const upload = await get('/uploads/no-such-file.webp');
    expect(upload.statusCode).toBe(404);
    expect(upload.body).not.toContain('<body>app</body>');
  });

  it("serves the installable app: a manifest with the agency's name, and a service worker never cached (D34)", async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({
      name: 'Yatra Tours',
      short_name: 'Yatra Tours',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0f4c5c',
    });
    const icons = (manifest.json() as { icons: { sizes: string; purpose: string }[] }).icons;
    for (const size of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable'])
        expect(
          icons.some((i) => i.sizes === size && i.purpose === purpose),
          `${size} ${purpose}`,
        ).toBe(true);

    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    // A worker runs under its own script's CSP: it must be able to import Workbox and fetch the app's files.
    expect(worker.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(worker.headers['content-security-policy']).not.toMatch(/default-src 'none'/);
  });

  it("answers a path that is no page of the app with 404 and the app's page, which shows its 404 (D24)", async () => {
    const page = await get('/packages');
    for (const url of [
      '/no-such-page',
      '/packages/some-id/extra',
      '/inquiries/view',
      // Off without METRICS_TOKEN (metrics.test.ts turns it on); robots.txt and sitemap.xml are seo.test.ts's.
      '/metrics',
      '/assets/missing-1a2b.js',
      `/packages/${'x'.repeat(300)}/more`,
      `/${'x'.repeat(5000)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<body>app</body>');
      // The document's own headers, as for index.html (its CSP admits the app's scripts).
      expect(res.headers['content-security-policy'], url).toBe(page.headers['content-security-policy']);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/PACKAGES/', '/packages/edit/p1', '/inquiries/edit/i1?from=list', '/profile-update']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('answers ids longer than any id with 404 from the router, never 403 from the file system', async () => {
    for (const n of [260, 5000]) {
      for (const url of [
        `/api/inquiries/${'a'.repeat(n)}`,
        `/api/packages/${'a'.repeat(n)}`,
        `/uploads/${'a'.repeat(n)}.webp`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: 'Not found' });
      }
      const page = await get(`/packages/${'a'.repeat(n)}`);
      expect(page.statusCode).not.toBe(403);
      expect(page.body).toContain('<body>app</body>');
    }
  });

  it('compresses JSON answers for browsers that accept it', async () => {
    // The OpenAPI document is the largest JSON the API gives without data.
    const gz = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const doc = JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/inquiries');
    const br = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(doc);
  });

  it('leaves the app page out of the OpenAPI document, which lists API operations only', async () => {
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
