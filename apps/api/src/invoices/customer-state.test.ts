// D32's place of supply as an inquiry field, both engines: staff set the customer's state by its GST code, a code
// that is no state is refused with the contract's message and changes nothing, and the timeline and CSV name it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GST_RULE_MESSAGES, type Inquiry, type InquiryEvent } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { api, createInquiryViaApi } from '../test/inquiry-kit';

describe.each(testEngines)("the customer's state on %s", (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
    customer = await createUser(t, { role: 'Customer' });
  });
  afterAll(async () => t?.close());

  it('keeps a state code, refuses one that is no state, and names it in the timeline and the CSV', async () => {
    const inquiry = await createInquiryViaApi(t, {}, customer.token);
    expect(inquiry.customerState).toBe('');
    const staffApi = api(t, staff.token);
    for (const bad of ['99', '25', 'KA', '290', '0029']) {
      const res = await staffApi.put(`/api/inquiries/${inquiry._id}`, { customerState: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.customerState, String(bad)).toBe(GST_RULE_MESSAGES.invalidState);
    }
    expect((await staffApi.put(`/api/inquiries/${inquiry._id}`, { customerState: 29 })).statusCode).toBe(400);
    const ok = await staffApi.put(`/api/inquiries/${inquiry._id}`, { customerState: ' 29 ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Inquiry>().customerState).toBe('29');
    const events = (await staffApi.get(`/api/inquiries/${inquiry._id}/events`)).json<InquiryEvent[]>();
    expect(events[0]).toMatchObject({ type: 'edit', field: 'customerState', from: null, to: 'Karnataka (29)' });
    // The customer sees their own state; a Customer cannot change it (PUT is the back office's).
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/inquiries/${inquiry._id}`,
      headers: bearer(customer.token),
    });
    expect(own.json<Inquiry>().customerState).toBe('29');
    expect(
      (await api(t, customer.token).put(`/api/inquiries/${inquiry._id}`, { customerState: '27' })).statusCode,
    ).toBe(403);
    const csv = await staffApi.get('/api/inquiries/export.csv');
    expect(csv.body.split('\r\n')[0]).toMatch(/,Customer state$/);
    expect(csv.body).toContain(',Karnataka (29)\r\n');
    const cleared = await staffApi.put(`/api/inquiries/${inquiry._id}`, { customerState: '' });
    expect(cleared.json<Inquiry>().customerState).toBe('');
  });
});
