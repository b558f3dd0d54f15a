// Issue 8, item 6: security headers on every response (every registered route, files, the SPA, errors of
// every kind), no CORS grant for a foreign Origin, and no source maps or dotfiles from WEB_DIR or /uploads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import { createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { newId } from '../../lib/ids';
import { uploadsDirOf } from '../../uploads/image-store';
import { expectSecurityHeaders, recordFigures, registeredRoutes, routeKey } from './security-kit';

const FOREIGN_ORIGIN = 'https://evil.example';
const SOURCE_MAP = '{"version":3,"sources":["../src/secret-source.ts"],"mappings":"AAAA"}';
const DOTFILE = 'DOTFILE_SECRET=should-never-be-served';

/** A built web app with the files a careless build or deploy could leave next to it. */
function makeWebDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.git'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets/app-1a2b3c.js'), 'console.info("app")');
  fs.writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.map'), SOURCE_MAP);
  fs.writeFileSync(path.join(dir, 'app.css.map'), SOURCE_MAP);
  fs.writeFileSync(path.join(dir, '.env'), DOTFILE);
  fs.writeFileSync(path.join(dir, '.git/config'), DOTFILE);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(testEngines)('security headers on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  let webDir: string;
  let checked = 0;
  const storedImage = `${newId()}-960.webp`;

  beforeAll(async () => {
    webDir = makeWebDir();
    t = await createAccountsTestApp(engine, { WEB_DIR: webDir });
    owner = await createUser(t, { role: 'Owner' });
    const uploads = uploadsDirOf(t.config.DATA_DIR);
    fs.writeFileSync(path.join(uploads, storedImage), Buffer.from('RIFF0000WEBPVP8 '));
    fs.writeFileSync(path.join(uploads, '.hidden'), DOTFILE);
    fs.writeFileSync(path.join(uploads, `${storedImage}.map`), SOURCE_MAP);
  });
  afterAll(async () => {
    recordFigures('headers', engine, { responsesChecked: checked });
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const send = async (options: InjectOptions) => {
    const res = await t.api({ ...options, headers: { origin: FOREIGN_ORIGIN, ...options.headers } });
    expectSecurityHeaders(res, `${options.method ?? 'GET'} ${options.url as string} → ${res.statusCode}`);
    checked++;
    return res;
  };

  it('every registered route, anonymous and as the Owner, with and without a body', async () => {
    for (const route of registeredRoutes(t.app)) {
      const url = route.url.replace(/:\w+/g, newId()).replace(/\*$/, 'some/page');
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      for (const headers of [{}, bearer(owner.token)]) {
        if (routeKey(route) === 'POST /api/auth/logout' && 'authorization' in headers) continue; // keeps the token valid
        await send({ method: route.method, url, headers });
        if (hasBody) await send({ method: route.method, url, headers, payload: { name: 1 } });
      }
    }
  });

  it('files, the SPA, errors of every kind and the answers Fastify writes before routing', async () => {
    const cases: InjectOptions[] = [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/packages/some-id' },
      { method: 'GET', url: '/assets/app-1a2b3c.js' },
      { method: 'GET', url: '/favicon.svg' },
      { method: 'GET', url: `/uploads/${storedImage}` },
      { method: 'GET', url: '/uploads/missing.webp' },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'DELETE', url: '/api/nothing-here' },
      { method: 'GET', url: '/%' },
      { method: 'GET', url: '/api/packages/%E0%A4%A' },
      { method: 'GET', url: `/api/packages/${'a'.repeat(300)}` },
      { method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/auth/login', payload: 'a=b', headers: { 'content-type': 'text/xml' } },
      { method: 'POST', url: '/api/auth/login', payload: 'x'.repeat(300 * 1024) },
      { method: 'GET', url: '/api/profile', headers: bearer('not-a-token') },
      { method: 'GET', url: '/api/auth/staff', headers: { authorization: 'Basic Zm9vOmJhcg==' } },
      {
        method: 'OPTIONS',
        url: '/api/inquiries/createPublic',
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      },
      { method: 'GET', url: '/api/site', headers: { origin: 'null' } },
    ];
    for (const c of cases) {
      const res = await send(c);
      expect(res.statusCode, `${c.method} ${c.url as string}`).toBeLessThan(500);
    }
  });

  it('does not reflect a foreign Origin, not even on a preflight', async () => {
    for (const origin of [FOREIGN_ORIGIN, 'null', 'http://localhost:3000.evil.example']) {
      for (const method of ['GET', 'OPTIONS'] as const) {
        const res = await send({
          method,
          url: '/api/packages',
          headers: { origin, 'access-control-request-method': 'GET' },
        });
        expect(JSON.stringify(res.headers)).not.toContain(origin === 'null' ? '"null"' : origin);
      }
    }
  });

  it('never serves source maps or dotfiles, however the path is spelled', async () => {
    const attempts = [
      '/assets/app-1a2b3c.js.map',
      '/app.css.map',
      '/assets/app-1a2b3c.js%2emap',
      '/.env',
      '/%2eenv',
      '/%2Eenv',
      '/assets/../.env',
      '/assets/..%2f.env',
      '/.git/config',
      '/.git%2fconfig',
      '/uploads/.hidden',
      '/uploads/%2ehidden',
      `/uploads/${storedImage}.map`,
      '/uploads/../jwt-secret',
      '/uploads/..%2fdemo-logins.txt',
      '/demo-logins.txt',
      '/uploads/..%2fjwt-secret',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/safarnama.db',
      '/uploads/..%5csafarnama.db',
      '/../../etc/passwd',
    ];
    const jwtSecretFile = path.join(t.config.DATA_DIR, 'jwt-secret');
    const jwtSecret = fs.existsSync(jwtSecretFile) ? fs.readFileSync(jwtSecretFile, 'utf8').trim() : undefined;
    for (const url of attempts) {
      const res = await send({ method: 'GET', url });
      expect(res.body, url).not.toContain('DOTFILE_SECRET');
      expect(res.body, url).not.toContain('mappings');
      expect(res.body, url).not.toContain('root:x:0');
      expect(res.body, url).not.toContain('SQLite format');
      if (jwtSecret) expect(res.body, url).not.toContain(jwtSecret);
      // Either not found or the SPA shell (client-side 404 page); never the file.
      if (res.statusCode === 200) expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      else expect(res.statusCode, url).toBeOneOf([400, 403, 404]);
    }
  });

  it('marks uploads as images that no browser may sniff into HTML', async () => {
    const res = await send({ method: 'GET', url: `/uploads/${storedImage}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
