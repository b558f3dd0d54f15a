// Issue 8, item 3, the attacks auth/token-attacks.test.ts does not already make (edited claims, alg none, HS512,
// wrong secret, expiry, logout, password change and removal live there): algorithm confusion with RSA and
// EC keys, keys smuggled in the header, nbf in the future, missing claims, edited subjects, and odd ways
// of sending the token. Every one must answer 401 on a role-restricted route and on the profile.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, exportJWK, exportSPKI, generateKeyPair, type JWTPayload } from 'jose';
import { AUTH_MESSAGES } from '@safarnama/contract';
import { testEngines } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import { TEST_JWT_SECRET, checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { expectNoStoredSecretsInResponses, recordFigures } from './security-kit';

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const hmac = (alg: 'sha256' | 'sha512', key: string | Buffer, data: string) =>
  crypto.createHmac(alg, key).update(data).digest('base64url');

/** A token signed by hand, so the header can say anything. */
const handSigned = (header: object, claims: object, key: string | Buffer = TEST_JWT_SECRET) => {
  const data = `${b64(header)}.${b64(claims)}`;
  return `${data}.${hmac('sha256', key, data)}`;
};

describe.each(testEngines)('token attacks beyond the accounts suite on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  let customer: CreatedUser;
  let ownerClaims: JWTPayload;
  let attacks = 0;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    owner = await createUser(t, { role: 'Owner' });
    customer = await createUser(t, { role: 'Customer' });
    ownerClaims = decodeJwt(owner.token);
  });
  afterAll(() =>
    checkThenClose(t, async () => {
      await expectNoStoredSecretsInResponses(t);
      recordFigures('token-attacks', engine, { forgedTokensRefused: attacks });
    }),
  );

  /** Role-restricted and any-user routes both refuse it, with the one session message. */
  const expect401 = async (token: string, what: string) => {
    for (const url of ['/api/auth/staff', '/api/profile']) {
      const res = await t.api({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, `${what} on ${url}`).toBe(401);
      expect(res.json().message, what).toBeOneOf([AUTH_MESSAGES.sessionExpired, AUTH_MESSAGES.authRequired]);
    }
    attacks++;
  };

  it('control: the genuine Owner token passes', async () => {
    expect((await t.api({ method: 'GET', url: '/api/auth/staff', headers: bearer(owner.token) })).statusCode).toBe(200);
  });

  it('refuses HS/RS confusion: RS256 and PS256 tokens, and HS256 keyed with the attacker public key', async () => {
    const rsa = await generateKeyPair('RS256', { extractable: true });
    for (const alg of ['RS256', 'PS256'] as const) {
      const { privateKey } = alg === 'RS256' ? rsa : await generateKeyPair(alg);
      const signed = await new SignJWT(ownerClaims).setProtectedHeader({ alg, typ: 'JWT' }).sign(privateKey);
      await expect401(signed, alg);
    }
    // The classic confusion: a verifier that picks the key by `alg` would check this HMAC with the PEM.
    const pem = await exportSPKI(rsa.publicKey);
    await expect401(handSigned({ alg: 'HS256', typ: 'JWT' }, ownerClaims, pem), 'HS256 keyed with a public PEM');
    await expect401(
      handSigned({ alg: 'RS256', typ: 'JWT' }, ownerClaims, pem),
      'RS256 header over an HMAC made with the public PEM',
    );
  });

  it('refuses ES256 and keys or key ids smuggled in the header (jwk, jku, x5u, kid)', async () => {
    const ec = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(ec.publicKey);
    await expect401(
      await new SignJWT(ownerClaims).setProtectedHeader({ alg: 'ES256', jwk }).sign(ec.privateKey),
      'ES256 with embedded jwk',
    );
    const attackerSecret = 'attacker-chosen-secret-attacker-chosen';
    const oct = { kty: 'oct', k: b64(attackerSecret) };
    await expect401(handSigned({ alg: 'HS256', jwk: oct }, ownerClaims, attackerSecret), 'embedded oct jwk');
    await expect401(
      handSigned({ alg: 'HS256', jku: 'https://evil.example/jwks.json' }, ownerClaims, attackerSecret),
      'jku',
    );
    await expect401(handSigned({ alg: 'HS256', x5u: 'https://evil.example/cert' }, ownerClaims, attackerSecret), 'x5u');
    await expect401(
      handSigned({ alg: 'HS256', kid: '../../../../dev/null' }, ownerClaims, ''),
      'kid → /dev/null, empty key',
    );
    await expect401(handSigned({ alg: 'HS256', kid: "' OR 1=1 --" }, ownerClaims, attackerSecret), 'kid SQL injection');
    // An unknown critical header must be refused even with the right key (RFC 7515 §4.1.11).
    await expect401(handSigned({ alg: 'HS256', crit: ['exp-x'], 'exp-x': 1 }, ownerClaims), 'unknown crit');
  });

  it('refuses alg spellings and case tricks', async () => {
    for (const alg of ['None', 'NONE', 'nOnE', 'hs256', 'HS256 ', '']) {
      await expect401(`${b64({ alg, typ: 'JWT' })}.${b64(ownerClaims)}.`, `alg "${alg}" unsigned`);
      await expect401(handSigned({ alg, typ: 'JWT' }, ownerClaims), `alg "${alg}" signed`);
    }
    const data = `${b64({ alg: 'HS512' })}.${b64(ownerClaims)}`;
    await expect401(`${data}.${hmac('sha512', TEST_JWT_SECRET, data)}`, 'HS512 with the real secret');
  });

  it('refuses a token that is not valid yet (nbf in the future)', async () => {
    const nowSec = Math.floor(Date.now() / 1000);
    const early = await new SignJWT({ role: 'Owner', name: owner.name })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(owner.id)
      .setIssuedAt(nowSec)
      .setNotBefore(nowSec + 3600)
      .setExpirationTime(nowSec + 7200)
      .sign(secret);
    await expect401(early, 'nbf in one hour');
  });

  it('refuses tokens with missing or malformed claims, even correctly signed', async () => {
    const nowSec = Math.floor(Date.now() / 1000);
    const variants: Record<string, object> = {
      'no exp': { sub: owner.id, role: 'Owner', iat: nowSec },
      'no iat': { sub: owner.id, role: 'Owner', exp: nowSec + 600 },
      'no sub': { role: 'Owner', iat: nowSec, exp: nowSec + 600 },
      'sub not a string': { sub: 42, role: 'Owner', iat: nowSec, exp: nowSec + 600 },
      'unknown role': { sub: owner.id, role: 'Admin', iat: nowSec, exp: nowSec + 600 },
      'exp as a string': { sub: owner.id, role: 'Owner', iat: nowSec, exp: `${nowSec + 600}` },
      'sub as an id array': { sub: [owner.id], role: 'Owner', iat: nowSec, exp: nowSec + 600 },
      'sub with SQL': { sub: `${owner.id}' OR '1'='1`, role: 'Owner', iat: nowSec, exp: nowSec + 600 },
      'issued before the account revocation epoch': { sub: owner.id, role: 'Owner', iat: -1, exp: nowSec + 600 },
    };
    await t.app.db.updateTable('users').set({ tokens_valid_after: 1000 }).where('id', '=', owner.id).execute();
    for (const [what, claims] of Object.entries(variants)) {
      await expect401(handSigned({ alg: 'HS256', typ: 'JWT' }, claims), what);
    }
    // A payload that is not a JSON object at all.
    for (const payload of ['"just a string"', '[1,2,3]', 'null', 'not json']) {
      const data = `${b64({ alg: 'HS256' })}.${b64(payload)}`;
      await expect401(`${data}.${hmac('sha256', TEST_JWT_SECRET, data)}`, `payload ${payload}`);
    }
  });

  it("refuses a Customer token whose subject was edited to the Owner's id", async () => {
    const [header, , signature] = customer.token.split('.');
    const claims = { ...decodeJwt(customer.token), sub: owner.id, role: 'Owner' };
    await expect401(`${header}.${b64(claims)}.${signature}`, 'edited sub');
  });

  it('refuses a valid token for an account whose e-mail was never verified', async () => {
    const pending = await createUser(t, { role: 'Staff', verified: false });
    await expect401(pending.token, 'unverified account');
  });

  it('refuses mangled tokens and reads the token only from the Authorization header', async () => {
    const [h, p, s] = owner.token.split('.');
    for (const [what, token] of Object.entries({
      'signature dropped': `${h}.${p}.`,
      'signature truncated': `${h}.${p}.${s!.slice(0, -2)}`,
      'extra segment': `${owner.token}.${s}`,
      'padding added': `${h}=.${p}=.${s}=`,
      'two tokens': `${owner.token},${owner.token}`,
      'huge token': `${h}.${'A'.repeat(60_000)}.${s}`,
      unicode: `${h}.${p}.${s}é`,
      'null byte': `${h}.${p}.${s}\u0000`,
    })) {
      const res = await t.api({ method: 'GET', url: '/api/auth/staff', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, what).toBeOneOf([400, 401, 431]);
      attacks++;
    }
    for (const [what, options] of Object.entries({
      'query string': { url: `/api/auth/staff?token=${owner.token}` },
      'access_token query': { url: `/api/auth/staff?access_token=${owner.token}` },
      cookie: { url: '/api/auth/staff', headers: { cookie: `token=${owner.token}` } },
      'X-Access-Token': { url: '/api/auth/staff', headers: { 'x-access-token': owner.token } },
      'token without scheme': { url: '/api/auth/staff', headers: { authorization: owner.token } },
    })) {
      const res = await t.api({ method: 'GET', ...options });
      expect(res.statusCode, what).toBe(401);
      attacks++;
    }
  });
});
