// Test kit for D32's suites: a registered agency's configuration, and an inquiry whose quotation is built, sent
// and accepted through the API as staff and the customer would.
import { expect } from 'vitest';
import type { Inquiry, Quote } from '@safarnama/contract';
import type { TestApp } from './helper';
import { bearer } from './factories';
import { createInquiryViaApi } from './inquiry-kit';

/** A registered agency in Maharashtra (python-stdnum's example GSTIN, state 27). */
export const GST_ENV = {
  GST_NUMBER: '27AAPFU0939F1ZV',
  GST_LEGAL_NAME: 'Sahyadri Trails LLP',
  SITE_ADDRESS: '14 FC Road, Shivajinagar, Pune 411005',
} as const;

/** Two lines priced at 40,000 + 2 × 12,500 = 65,000 rupees before GST. */
const INVOICE_LINES = [
  { kind: 'hotel', description: 'Lake view resort, 4 nights', quantity: 1, unitCost: 30000, unitPrice: 40000 },
  { kind: 'cab', description: 'Innova, Pune–Mahabaleshwar', quantity: 2, unitCost: 9000, unitPrice: 12500 },
];

/** An inquiry (created with `overrides`, by the signed-in customer of `customerToken` if given) with one draft. */
export async function quotedInquiry(
  t: TestApp,
  staffToken: string,
  overrides: object = {},
  lines = INVOICE_LINES,
  customerToken?: string,
) {
  const inquiry = await createInquiryViaApi(t, overrides, customerToken);
  const headers = bearer(staffToken);
  const created = await t.app.inject({ method: 'POST', url: `/api/inquiries/${inquiry._id}/quotes`, headers });
  expect(created.statusCode, created.body).toBe(201);
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/quotes/${created.json<Quote>()._id}`,
    headers,
    payload: { lines },
  });
  expect(put.statusCode, put.body).toBe(200);
  return { inquiry, quote: put.json<Quote>() };
}

/** Sends the quotation's draft and answers the trip link's token. */
export async function sendQuote(t: TestApp, staffToken: string, quote: Quote): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/quotes/${quote._id}/send`,
    headers: bearer(staffToken),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return (sent.json<{ url: string }>().url ?? '').split('/trip/')[1]!;
}

/** An inquiry whose quotation was sent and accepted by the customer; answers it with the trip token. */
export async function acceptedInquiry(
  t: TestApp,
  staffToken: string,
  overrides: object = {},
  lines = INVOICE_LINES,
  customerToken?: string,
): Promise<{ inquiry: Inquiry; quote: Quote; token: string }> {
  const { inquiry, quote } = await quotedInquiry(t, staffToken, overrides, lines, customerToken);
  const token = await sendQuote(t, staffToken, quote);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/trips/${token}/accept`,
    payload: { name: 'Rohan Mehta' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { inquiry, quote, token };
}
