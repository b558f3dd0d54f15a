// D20 for client generators: every operation of /api/docs/json has a unique operationId, a summary, its security
// as decisions §6 says (none, a bearer token, or either) and the error answers it can give. (`npm run lint:openapi`
// runs Redocly's recommended rules over the same document.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let operations: [string, Operation][];
  let servers: unknown;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      servers: unknown;
      paths: Record<string, Record<string, Operation>>;
    }>();
    servers = doc.servers;
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('names a server and gives every operation a unique operationId and a summary', () => {
    expect(servers).toEqual([{ url: '/', description: 'This server' }]);
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, op] of operations) expect(op.summary, name).toBeTruthy();
    expect(Object.fromEntries(operations.map(([name, op]) => [name, op.operationId]))).toMatchObject({
      'GET /api/inquiries': 'listInquiries',
      'GET /api/inquiries/{id}': 'getInquiry',
      'POST /api/auth/login': 'login',
    });
  });

  it('gives each operation its security as decisions §6 says', () => {
    const security = Object.fromEntries(operations.map(([name, op]) => [name, op.security]));
    for (const open of ['GET /api/packages', 'POST /api/inquiries/createPublic', 'POST /api/auth/register']) {
      expect(security[open], open).toEqual([]);
    }
    expect(security['POST /api/inquiries/createLoggedIn']).toEqual([{}, { bearer: [] }]);
    for (const closed of ['GET /api/inquiries', 'DELETE /api/packages/{id}', 'GET /api/profile']) {
      expect(security[closed], closed).toEqual([{ bearer: [] }]);
    }
  });

  it('lists the error answers an operation can give: validation, token, role, not found, rate limit', () => {
    const codes = Object.fromEntries(operations.map(([name, op]) => [name, Object.keys(op.responses)]));
    expect(codes['PUT /api/inquiries/{id}']).toEqual(expect.arrayContaining(['400', '401', '403', '404', '413']));
    expect(codes['POST /api/inquiries/createPublic']).toEqual(expect.arrayContaining(['400', '429']));
    expect(codes['POST /api/backgrounds']).toEqual(expect.arrayContaining(['401', '403', '413']));
    // Only the public lists without parameters cannot answer an error of the client's making.
    const without4xx = operations.filter(([, op]) => !Object.keys(op.responses).some((c) => c.startsWith('4')));
    expect(without4xx.map(([name]) => name).sort()).toEqual([
      'GET /api/backgrounds',
      'GET /api/packages',
      'GET /api/site',
    ]);
  });
});
