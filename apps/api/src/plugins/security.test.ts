// Which answers get which security headers (security.ts): documents helmet's full set, the rest the API set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { BARE_RESPONSE_HEADERS, helmetHeaders } from './security';
import { expectSecurityHeaders } from '../test/security/security-kit';

describe('security headers by kind of answer', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-sec-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(webDir, 'assets/app-1a2b.js'), 'console.info("app")');
    t = await createTestApp('sqlite', { WEB_DIR: webDir, API_DOCS: 'true' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("helmet's set is worked out once, with the document policy", () => {
    const headers = Object.fromEntries(helmetHeaders());
    expect(headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(Object.keys(headers)).toHaveLength(11);
  });

  it("documents (the app's HTML on any path, the API docs) get helmet's full set", async () => {
    for (const url of ['/', '/index.html', '/packages/abc', '/api/docs', '/api/docs/']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expectSecurityHeaders(res, url);
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['origin-agent-cluster'], url).toBe('?1');
    }
  });

  it('everything else (JSON, errors, scripts) gets the API set: a policy that allows nothing', async () => {
    for (const url of ['/healthz', '/api/site', '/api/packages/not-an-id', '/api/missing', '/assets/app-1a2b.js']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).not.toMatch(/^text\/html/);
      expectSecurityHeaders(res, url);
      for (const [name, value] of Object.entries(BARE_RESPONSE_HEADERS)) expect(res.headers[name], url).toBe(value);
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });
});
