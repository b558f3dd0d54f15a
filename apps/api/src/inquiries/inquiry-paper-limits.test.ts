// Issue 49: the quotation PDF and the CSV export are a layout or a scan of many rows each, so a signed-in user gets a
// few a minute (PAPER_LIMITS, at RATE_LIMIT_FACTOR=1) and then a 429 with the contract's message and Retry-After;
// the budget is the user's, so someone else at the same address is not held back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PAPER_LIMITS, PAPER_MESSAGES, type Inquiry } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { api, createInquiryViaApi } from '../test/inquiry-kit';

/** Every request from one office address: the budgets must be told apart by user, not by address. */
const OFFICE = '203.0.113.40';

function expectRefused(res: LightMyRequestResponse, window: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ message: PAPER_MESSAGES.tooManyDownloads });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), String(res.headers['retry-after'])).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(window === '1 minute' ? 60 : 600);
}

describe.each(testEngines)('paper limits per user on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;
  let neighbour: CreatedUser;
  let mine: Inquiry;
  let theirs: Inquiry;

  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
    [staff, owner, customer, neighbour] = await Promise.all([
      createUser(t, { role: 'Staff' }),
      createUser(t, { role: 'Owner' }),
      createUser(t, { role: 'Customer' }),
      createUser(t, { role: 'Customer' }),
    ]);
    mine = await createInquiryViaApi(t, { email: customer.email }, customer.token);
    theirs = await createInquiryViaApi(t, { email: neighbour.email }, neighbour.token);
    for (const inquiry of [mine, theirs]) {
      const put = await api(t, staff.token).put(`/api/inquiries/${inquiry._id}`, { tpc: 48000 });
      expect(put.statusCode, put.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const paper = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token), remoteAddress: OFFICE });

  it(`answers a Customer's quotation ${PAPER_LIMITS.quotationPerUser[0]} times, then 429 with Retry-After`, async () => {
    const [max, window] = PAPER_LIMITS.quotationPerUser;
    const url = `/api/inquiries/${mine._id}/quotation.pdf`;
    for (let n = 1; n <= max; n++) {
      const res = await paper(url, customer.token);
      expect(res.statusCode, `#${n}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    expectRefused(await paper(url, customer.token), window);
    // The next customer at the same address has a budget of their own.
    const neighbours = await paper(`/api/inquiries/${theirs._id}/quotation.pdf`, neighbour.token);
    expect(neighbours.statusCode, neighbours.body).toBe(200);
  });

  it(`answers a Staff member's export ${PAPER_LIMITS.exportPerUser[0]} times, then 429 with Retry-After`, async () => {
    const [max, window] = PAPER_LIMITS.exportPerUser;
    const url = '/api/inquiries/export.csv';
    for (let n = 1; n <= max; n++) {
      const res = await paper(`${url}?search=n${n}`, staff.token);
      expect(res.statusCode, `#${n}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    }
    expectRefused(await paper(url, staff.token), window);
    // The export's budget is not the quotation's, and the Owner beside them still exports.
    expect((await paper(`/api/inquiries/${mine._id}/quotation.pdf`, staff.token)).statusCode).toBe(200);
    expect((await paper(url, owner.token)).statusCode).toBe(200);
  });
});
