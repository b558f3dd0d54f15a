import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { loadConfig } from '../config';
import { siteSettings } from '../site/site.routes';

describe.each(testEngines)('platform on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers a malformed JSON body with 400 and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.body).not.toMatch(/at .*\.ts|node_modules|SELECT|\/tmp\//);
  });

  it('gives the site settings with demo defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe('Safarnama');
    expect(body.phone).toMatch(/\d/);
    expect(body.email).toContain('@');
    expect(body.whatsapp).toMatch(/^\d{8,15}$/);
    // No placeholder social links: the footer shows only those the agency set.
    expect(body.social).toEqual({});
  });

  it('gives only the social links that are set', () => {
    const config = loadConfig({ SITE_SOCIAL_INSTAGRAM: 'https://instagram.com/our.agency', SITE_SOCIAL_FACEBOOK: ' ' });
    expect(siteSettings(config).social).toEqual({ instagram: 'https://instagram.com/our.agency' });
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/healthz', '/api/site', '/api/missing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      // Answers that are not documents allow nothing at all (plugins/security.ts); documents: security/headers.test.ts.
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe|script-src/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('does not reflect a foreign Origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
