// Issue 8, item 4: fast-check throws malformed requests at every route of the route table — wrong types, huge
// strings, unicode, deep nesting, prototype-pollution keys, SQL and NoSQL injection, wrong content types,
// broken JSON and broken multipart — as anonymous, every role and forged callers. Nothing may answer
// ≥ 500, no error body may carry a stack, SQL, a driver name or a server path, every answer carries the
// security headers, and the process stays healthy. 10,000 requests per engine (FUZZ_RUNS, FUZZ_RUNS_PG, FUZZ_SEED).
import crypto from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@safarnama/contract';
import { testEngines } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import { checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { makePng } from '../upload-kit';
import { newId } from '../../lib/ids';
import {
  LEAK_PATTERN,
  expectNoStoredSecretsInResponses,
  expectSecurityHeaders,
  recordFigures,
  registeredRoutes,
  routeKey,
  type RegisteredRoute,
} from './security-kit';

/** Requests per engine (app.inject is quick: about 20 s for 10,000 on either engine on a 2-core machine). */
const RUNS: Record<string, number> = {
  sqlite: Number(process.env.FUZZ_RUNS ?? 10_000),
  postgres: Number(process.env.FUZZ_RUNS_PG ?? 10_000),
};
const SEED = Number(process.env.FUZZ_SEED ?? crypto.randomInt(2 ** 31));

/** Every field name the API knows, plus the ones an attacker tries. */
const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'currentPassword',
  'otp',
  'whatsappNumber',
  'travelingFrom',
  'location',
  'noOfAdults',
  'noOfKids',
  'extraInfo',
  'tourDuration',
  'hotelType',
  'dropCity',
  'budget',
  'status',
  'staff',
  'customer',
  'totalRevenue',
  'hotelCost',
  'cabCost',
  'advance',
  'tpc',
  'pendingAmount',
  'profit',
  'description',
  'price',
  'duration',
  'packageOverview',
  'tourItinerary',
  'inclusions',
  'exclusions',
  'importantNotes',
  'images',
  'keepImages',
  'role',
  '_id',
  'id',
  'website',
  'createdAt',
  'password_hash',
  'page',
  'pageSize',
  'sort',
  'order',
  'q',
  'search',
  'minPrice',
  'maxPrice',
  'minDuration',
  'maxDuration',
  '__proto__',
  'constructor',
  'prototype',
];

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "1' UNION SELECT password_hash FROM users --",
  "%' AND 1=1 --",
  '\\',
  "\\'",
  '`',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\r\nSet-Cookie: x=1',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '',
  ' ',
  '😀'.repeat(50),
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'ﷺ'.repeat(100),
  '\ud800',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '$where',
  'sleep(5000)',
  "glob('*')",
  '*',
  '%',
  '_',
  'a%',
  '"\'',
  'OR 1=1',
];

const NOSQL = [{ $gt: '' }, { $ne: null }, { $where: 'sleep(5000)' }, { $regex: '.*' }, { $in: [1, 2] }, { $or: [{}] }];

const hugeString = fc.constantFrom(1_000, 10_000, 70_000, 300_000).map((n) => 'A'.repeat(n));

/** One hostile value: wrong types, edges, injections, deep or wide structures. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: hugeString },
    {
      weight: 3,
      arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308, 0.1 + 0.2)),
    },
    { weight: 2, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.constantFrom(...NOSQL) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 4 }) },
  ),
})).value;

/** A JSON body built by hand, so keys like __proto__ survive as own keys in the text sent. */
const jsonBody = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), hostileValue), {
    maxLength: 12,
  })
  .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`);

/** Nesting deep enough to hurt a naive recursive parser or validator. */
const deepBody = fc.integer({ min: 50, max: 5_000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`);

const brokenJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,,}',
    '[1,2',
    'nul',
    '"unterminated',
    '{"__proto__":{"admin":true}',
    '\u0000{}',
    '{"a":1}garbage',
  ),
  fc.string({ maxLength: 200 }),
);

interface BodyCase {
  payload?: string | Buffer;
  contentType?: string;
}

const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';

/** multipart bodies: hostile text fields, random or real files, broken framing. */
function multipartBody(png: Buffer): fc.Arbitrary<BodyCase> {
  const field = fc.tuple(fc.constantFrom(...FIELD_NAMES, 'images'), hostileValue).map(([name, value]) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`;
  });
  const filePart = fc
    .tuple(
      fc.oneof(
        fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
        fc.constant(png),
        fc.constant(png.subarray(0, 100)),
      ),
      fc.constantFrom('a.png', '../../x.png', 'x.svg', '', 'a"b.png', '\u0000.png'),
      fc.constantFrom('image/png', 'text/html', 'image/svg+xml', 'application/octet-stream'),
    )
    .map(([data, filename, type]) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ]),
    );
  return fc
    .tuple(
      fc.array(
        fc.oneof(
          field.map((s) => Buffer.from(s)),
          filePart,
        ),
        { maxLength: 8 },
      ),
      fc.constantFrom('closed', 'unclosed', 'truncated', 'wrong-boundary', 'no-boundary-param'),
    )
    .map(([parts, framing]) => {
      let body = Buffer.concat([...parts, Buffer.from(framing === 'unclosed' ? '' : `--${boundary}--\r\n`)]);
      if (framing === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
      const contentType =
        framing === 'wrong-boundary'
          ? 'multipart/form-data; boundary=somethingElse'
          : framing === 'no-boundary-param'
            ? 'multipart/form-data'
            : `multipart/form-data; boundary=${boundary}`;
      return { payload: body, contentType };
    });
}

function bodyCase(png: Buffer): fc.Arbitrary<BodyCase> {
  return fc.oneof(
    { weight: 6, arbitrary: jsonBody.map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: deepBody.map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 2, arbitrary: brokenJson.map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 3, arbitrary: multipartBody(png) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          jsonBody,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/vnd.api+json',
            'image/png',
            '*/*',
            'multipart/form-data; boundary=',
            ';;;',
            'application/json; boundary=x',
          ),
        )
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...FIELD_NAMES, '__proto__[admin]', 'constructor[prototype][x]', 'a[]', 'sort[]'),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(
        fc.constantFrom(...INJECTIONS),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.integer().map(String),
      ),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&'));

type Caller = 'anonymous' | Role | 'forged' | 'garbage';

describe.each(testEngines)('fuzzing every route on %s', (engine) => {
  let t: AccountsTestApp;
  let routes: RegisteredRoute[];
  let png: Buffer;
  const users: Partial<Record<Role, CreatedUser>> = {};
  const realIds: string[] = [];
  const stats = { requests: 0, byStatus: new Map<number, number>(), routesHit: new Set<string>() };
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    routes = registeredRoutes(t.app).filter((r) => !r.url.startsWith('/api/docs/'));
    png = await makePng(64, 48);
    for (const role of ['Customer', 'Staff', 'Owner'] as const) {
      users[role] = await createUser(t, { role });
      realIds.push(users[role]!.id);
    }
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
  });
  afterAll(() =>
    checkThenClose(t, async () => {
      process.off('unhandledRejection', onUnhandled);
      process.off('uncaughtException', onUnhandled);
      await expectNoStoredSecretsInResponses(t);
      recordFigures('fuzz', engine, {
        requests: stats.requests,
        routes: stats.routesHit.size,
        seed: SEED,
        responses5xx: [...stats.byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
        statuses: [...stats.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, c]) => `${s}×${c}`)
          .join(' '),
      });
    }),
  );

  /** A token that is valid now: fuzzed writes may log a principal out or remove it, so re-make when needed. */
  async function tokenOf(role: Role) {
    const user = users[role]!;
    const row = await t.app.db
      .selectFrom('users')
      .select(['disabled_at', 'tokens_valid_after', 'role'])
      .where('id', '=', user.id)
      .executeTakeFirst();
    if (!row || row.disabled_at !== null || row.role !== role) {
      users[role] = await createUser(t, { role });
      return users[role]!.token;
    }
    return t.app.tokens.sign({ id: user.id, role, name: user.name, tokensValidAfter: row.tokens_valid_after });
  }

  async function headersFor(caller: Caller): Promise<Record<string, string>> {
    if (caller === 'anonymous') return {};
    if (caller === 'garbage') return { authorization: 'Bearer ' + "' OR 1=1 --" };
    if (caller === 'forged') return bearer(`${(await tokenOf('Owner')).slice(0, -3)}abc`);
    return bearer(await tokenOf(caller));
  }

  const requestArb = () =>
    fc.record({
      route: fc.constantFrom(...routes),
      params: fc.array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
          { weight: 2, arbitrary: fc.uuid() },
          { weight: 2, arbitrary: fc.constantFrom(...realIds, newId()) },
          { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
          { weight: 1, arbitrary: fc.constantFrom('a'.repeat(199), 'a'.repeat(201), '..', '.', '%', '%2e%2e') },
        ),
        { minLength: 3, maxLength: 3 },
      ),
      query: fc.option(queryString, { freq: 2 }),
      caller: fc.constantFrom<Caller>('anonymous', 'Customer', 'Staff', 'Owner', 'Owner', 'forged', 'garbage'),
      body: bodyCase(png),
      // Mostly the route's own method; now and then another one.
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom('PATCH', 'OPTIONS', 'TRACE', 'HEAD', 'PUT', 'DELETE', 'POST', 'GET') },
      ),
    });

  it(`answers ${RUNS[engine]} malformed requests without a 5xx, a leak or a missing header`, async () => {
    // Logging out as the shared Owner would turn the rest into 401s; logout is fuzzed without a token.
    const isLogout = (r: RegisteredRoute) => routeKey(r) === 'POST /api/auth/logout';
    await fc.assert(
      fc.asyncProperty(requestArb(), async ({ route, params, query, caller, body, method }) => {
        let i = 0;
        const path = route.url
          .replace(/:\w+/g, () => encodeSegment(params[i++ % params.length]!))
          .replace(/\*$/, encodeSegment(params[2]!));
        const rooted = path.startsWith('/') ? path : `/${path}`;
        const url = query ? `${rooted}?${query}` : rooted;
        const options: InjectOptions = {
          method: (method ?? route.method) as InjectOptions['method'],
          url,
          headers: {
            ...(isLogout(route) ? {} : await headersFor(caller)),
            ...(body.contentType ? { 'content-type': body.contentType } : {}),
          },
          ...(body.payload !== undefined && !['GET', 'HEAD'].includes(method ?? route.method)
            ? { payload: body.payload }
            : {}),
        };
        const res = await t.api(options);
        stats.requests++;
        stats.routesHit.add(routeKey(route));
        stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);

        const what = `${options.method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        expectSecurityHeaders(res, what);
        if (res.statusCode >= 400 && options.method !== 'HEAD') {
          // Error bodies are D14's JSON, and carry nothing of the server's insides (echoes of the request aside).
          const json = res.json() as { message?: unknown };
          expect(typeof json.message, what).toBe('string');
          const sent = `${url} ${safeDecode(url)} ${String(body.payload ?? '')}`;
          for (const m of res.body.matchAll(new RegExp(LEAK_PATTERN.source, 'gi'))) {
            expect(sent.includes(m[0]), `leak "${m[0]}" in ${what}`).toBe(true);
          }
        }
      }),
      { numRuns: RUNS[engine], seed: SEED, endOnFailure: true, interruptAfterTimeLimit: 170_000 },
    );
    expect(stats.requests).toBeGreaterThanOrEqual(RUNS[engine]!);
    // The process is alive and well: nothing escaped, and it still serves.
    expect(unhandled).toEqual([]);
    expect((await t.api({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/api/packages' })).statusCode).toBe(200);
    // Every route was exercised.
    expect(stats.routesHit.size).toBe(routes.length);
  }, 200_000);
});

/** Percent-encodes like encodeURIComponent; a lone surrogate (which it refuses) goes as raw bytes. */
function encodeSegment(s: string) {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
