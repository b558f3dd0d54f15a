// What a customer's trip answer must never carry (D30): scans every key of a JSON answer for the agency's side
// (cost, margin, supplier, profit, revenue, staff, agent, a client address) and its text for given secret values.
import { expect } from 'vitest';

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      keysOf(v, into);
    }
  }
  return into;
}

const AGENCY_KEY = /cost|margin|supplier|profit|revenue|staff|agent/i;
const CLIENT_ADDRESS_KEY = /^ip$|Ip$/;

/** Fails when the answer's JSON names an agency-side key anywhere, or its text holds any of `secrets`. */
export function expectNothingOfTheAgency(body: string, secrets: readonly string[]) {
  const keys = keysOf(JSON.parse(body)).filter((k) => AGENCY_KEY.test(k) || CLIENT_ADDRESS_KEY.test(k));
  expect(keys).toEqual([]);
  for (const secret of secrets) expect(body, secret).not.toContain(secret);
}
