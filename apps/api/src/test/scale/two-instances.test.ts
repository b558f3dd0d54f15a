// Issue 30, D29: two server processes on one PostgreSQL database and one Redis, behind a round-robin proxy made here
// with node:http, behave as one server: sessions, codes, images and limits are shared, a kill -9 of one loses no
// acknowledged inquiry while the other keeps answering, and each one's /metrics counts what it served.
import crypto from 'node:crypto';
import type http from 'node:http';
import https from 'node:https';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AUTH_MESSAGES } from '@safarnama/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase } from '../helper';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server';
import { makePng, multipart, packageFields } from '../upload-kit';
import {
  buildServerBundle,
  spawnServer,
  streamEmail,
  streamInquiries,
  waitFor,
  type SpawnedServer,
  type WriteStream,
} from '../reliability/reliability-kit';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { findNginx, startDocumentedNginx } from './nginx-recipe';

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const runs = Boolean(redisUrl && databaseUrl);
if (!runs) {
  console.warn('\n!!! TEST_REDIS_URL or TEST_DATABASE_URL is not set: the two-instance test is SKIPPED !!!\n');
}

const OWNER = { email: 'owner@two.example', password: 'Owner#Pass2026' };
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const GOOD_PASSWORD = 'Travel#2024x';

describe.runIf(runs)('two instances on one PostgreSQL and one Redis', () => {
  let bundle: ReturnType<typeof buildServerBundle>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let smtp: TestSmtpServer;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let proxy: RoundRobinProxy;
  const dataDirs: string[] = [];
  let instanceEnv: (name: string) => Record<string, string>;

  beforeAll(async () => {
    bundle = buildServerBundle();
    database = await createTestDatabase('postgres');
    smtp = await startSmtpServer();
    const prefix = `safarnama-test-${crypto.randomBytes(6).toString('hex')}:`;
    instanceEnv = (name: string) => {
      // Each instance has a data folder of its own: nothing is shared through a disk.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `safarnama-${name}-`));
      dataDirs.push(dataDir);
      return {
        DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl!,
        REDIS_URL: redisUrl!,
        // A prefix of this run's own, so parallel runs on one Redis never share counters.
        REDIS_KEY_PREFIX: prefix,
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
        SMTP_URL: smtp.url,
        METRICS_TOKEN,
        TRUST_PROXY: '1',
        // The production limits: the point is that two instances together allow what one allows.
        RATE_LIMIT_FACTOR: '1',
        LOG_LEVEL: 'warn',
      };
    };
    a = await spawnServer(bundle.dir, instanceEnv('a'));
    await a.ready(60_000);
    b = await spawnServer(bundle.dir, instanceEnv('b'));
    await b.ready(60_000);
    proxy = await startRoundRobinProxy([a.url, b.url]);
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await a?.stop();
    await b?.stop();
    await smtp?.close();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    bundle?.remove();
  }, 60_000);

  const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const login = async (base: string, email: string, password: string) => {
    const res = await post(base, '/api/auth/login', { email, password });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };

  it('accepts on one instance a login made on the other', async () => {
    const token = await login(a.url, OWNER.email, OWNER.password);
    const res = await fetch(`${b.url}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(OWNER.email);
  });

  it('accepts on one instance the code the other mailed', async () => {
    const email = 'traveller@two.example';
    const registered = await post(a.url, '/api/auth/register', { name: 'Two Way', email, password: GOOD_PASSWORD });
    expect(registered.status).toBeLessThan(300);
    expect(await waitFor(() => smtp.mailsTo(email).length > 0, 10_000)).toBe(true);
    const verified = await post(b.url, '/api/auth/verify-otp', {
      email,
      otp: smtp.latestOtp(email),
      password: GOOD_PASSWORD,
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    await login(a.url, email, GOOD_PASSWORD);
  });

  it('serves through one instance the images of a package created through the other, and deletes them with it', async () => {
    const token = await login(a.url, OWNER.email, OWNER.password);
    const form = multipart([
      ...packageFields({ name: 'Two Instance Trail' }),
      { name: 'images', file: await makePng() },
    ]);
    const created = await fetch(`${a.url}/api/packages`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      body: form.payload,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const pkg = (await created.json()) as { _id: string; images: string[] };
    expect(pkg.images).toHaveLength(1);

    // At once: no cache, no copy step between the two.
    const image = await fetch(`${b.url}${pkg.images[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const again = await fetch(`${a.url}${pkg.images[0]}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const deleted = await fetch(`${b.url}/api/packages/${pkg._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await fetch(`${a.url}${pkg.images[0]}`)).status).toBe(404);
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from image_renditions');
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await client.end();
    }
  });

  const nginx = findNginx();
  if (!nginx) console.warn('\n!!! nginx is not installed: the documented nginx site is NOT tested !!!\n');
  it.runIf(Boolean(nginx))(
    "serves through docs/deployment.md's nginx site: TLS, large uploads, cached images",
    async () => {
      const site = await startDocumentedNginx(nginx!, [a.url, b.url]);
      try {
        const ready = await tlsRequest(`${site.https}/readyz`);
        expect(ready.status).toBe(200);
        // nginx's $request_id, kept by the instance (TRUST_PROXY) and answered back.
        expect(ready.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
        const plain = await fetch(`${site.http}/packages`, { redirect: 'manual' });
        expect(plain.status).toBe(301);
        expect(plain.headers.get('location')).toBe('https://www.your-agency.in/packages');

        const signedIn = await tlsRequest(`${site.https}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify(OWNER)),
        });
        expect(signedIn.status).toBe(200);
        const token = (JSON.parse(signedIn.body.toString()) as { token: string }).token;
        // Past nginx's default 1 MB body limit: client_max_body_size lets real photos through.
        const photo = await sharp({
          create: {
            width: 1400,
            height: 1000,
            channels: 3,
            background: '#888',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .png()
          .toBuffer();
        expect(photo.length).toBeGreaterThan(2_000_000);
        const form = multipart([...packageFields({ name: 'Through Nginx' }), { name: 'images', file: photo }]);
        const created = await tlsRequest(`${site.https}/api/packages`, {
          method: 'POST',
          headers: { ...form.headers, authorization: `Bearer ${token}` },
          body: form.payload,
        });
        expect(created.status, created.body.toString()).toBe(201);
        const image = (JSON.parse(created.body.toString()) as { images: string[] }).images[0]!;
        const first = await tlsRequest(`${site.https}${image}`);
        expect(first.status).toBe(200);
        expect(first.headers['content-type']).toBe('image/webp');
        const second = await tlsRequest(`${site.https}${image}`);
        expect(second.headers['x-cache']).toBe('HIT');
        expect(second.body.equals(first.body)).toBe(true);
        // The public never reaches /metrics, token or not.
        const metrics = await tlsRequest(`${site.https}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(metrics.status).toBe(404);
      } finally {
        await site.close();
      }
    },
  );

  it('limits 100 failed logins for one account spread over both instances once in total', async () => {
    const email = 'target@two.example';
    const statuses: number[] = [];
    const servedBefore = [a.url, b.url].map((base) => proxy.servedBy.get(base) ?? 0);
    // Through the proxy, alternately on each instance, each from a different client address (so only the per-account
    // budget of D19 can stop them).
    for (let i = 0; i < 100; i++) {
      const res = await post(proxy.url, '/api/auth/login', { email, password: `Wrong#${i}x` });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect([a.url, b.url].map((base, i) => (proxy.servedBy.get(base) ?? 0) - servedBefore[i]!)).toEqual([50, 50]);
    // The 101st, on either instance, is past the budget and asked for a code (D19): the two counted into one budget
    // (apart, each would allow 100).
    for (const base of [a.url, b.url]) {
      const res = await post(base, '/api/auth/login', { email, password: 'Wrong#again1' });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(AUTH_MESSAGES.loginCodeRequired);
    }
  });

  it('counts in /metrics the requests each instance served', async () => {
    const before = await Promise.all([a.url, b.url].map((base) => healthzCount(base)));
    const rounds = 20;
    for (let i = 0; i < rounds; i++) expect((await fetch(`${proxy.url}/healthz`)).status).toBe(200);
    // A request is counted once its answer is sent, a moment after the client has it.
    let served: number[] = [];
    await waitFor(async () => {
      const after = await Promise.all([a.url, b.url].map((base) => healthzCount(base)));
      served = after.map((n, i) => n - before[i]!);
      return served[0]! + served[1]! >= rounds;
    }, 5000);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
    expect(served[0]! + served[1]!).toBe(rounds);
    expect((await fetch(`${a.url}/metrics`)).status).toBe(401);
  });

  it('loses no acknowledged inquiry when one instance is killed mid-stream, and the other keeps answering', async () => {
    let stream: WriteStream | undefined;
    let acknowledgedAtKill = 0;
    try {
      const writes = (stream = streamInquiries(() => proxy.url, 'two'));
      expect(await waitFor(() => writes.acknowledged.size >= 100, 60_000)).toBe(true);
      await a.crash();
      acknowledgedAtKill = writes.acknowledged.size;
      // The survivor goes on acknowledging.
      expect(await waitFor(() => writes.acknowledged.size >= acknowledgedAtKill + 100, 60_000)).toBe(true);
    } finally {
      await stream?.stop();
    }
    const acked = [...stream.acknowledged].map((n) => streamEmail('two', n));
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ customer_email: string }>(
        "select customer_email from inquiries where customer_email like 'durability-two-%'",
      );
      const stored = new Set(rows.map((r) => r.customer_email));
      const lost = acked.filter((e) => !stored.has(e));
      expect(lost, `${lost.length} acknowledged inquiries lost`).toEqual([]);
    } finally {
      await client.end();
    }
    expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
  }, 150_000);

  it('deploys without downtime: start the new instance, wait for /readyz, switch the proxy, SIGTERM the old', async () => {
    let stream: WriteStream | undefined;
    let next: SpawnedServer | undefined;
    onTestFinished(async () => {
      await next?.stop();
    });
    try {
      await proxy.setUpstreams([b.url]);
      const writes = (stream = streamInquiries(() => proxy.url, 'deploy'));
      expect(await waitFor(() => writes.acknowledged.size >= 50, 60_000)).toBe(true);
      next = await spawnServer(bundle.dir, { ...instanceEnv('c') });
      await next.ready(60_000);
      const ready = next.url;
      expect(await waitFor(async () => (await fetch(`${ready}/readyz`)).status === 200, 30_000)).toBe(true);
      await proxy.setUpstreams([b.url, next.url]);
      const switched = writes.acknowledged.size;
      expect(await waitFor(() => writes.acknowledged.size >= switched + 50, 60_000)).toBe(true);
      // The old instance is stopped only once the proxy has no request left on it (the deploy script waits for
      // nginx's old workers): one picked for it just before the switch may still be connecting, and a closing
      // server refuses it with a 503.
      await proxy.setUpstreams([next.url]);
      // SIGTERM drains: requests already on the old instance are answered before it exits.
      expect(await b.stop()).toBe(0);
      const stopped = writes.acknowledged.size;
      expect(await waitFor(() => writes.acknowledged.size >= stopped + 50, 60_000)).toBe(true);
    } finally {
      await stream?.stop();
    }
    expect(stream.unacknowledged, JSON.stringify([...stream.statuses])).toBe(0);
    expect([...stream.statuses.keys()]).toEqual(['201']);
    const acked = [...stream.acknowledged].map((n) => streamEmail('deploy', n));
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ customer_email: string }>(
        "select customer_email from inquiries where customer_email like 'durability-deploy-%'",
      );
      const stored = new Set(rows.map((r) => r.customer_email));
      expect(acked.filter((e) => !stored.has(e))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 150_000);
});

/** An HTTPS request to the test's nginx (a self-signed certificate). */
function tlsRequest(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Requests to /healthz that an instance's /metrics has counted. */
async function healthzCount(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith('http_requests_total{') && l.includes('route="/healthz"'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}
