// The secrets-leak check itself: a mailed code is caught wherever a response shows it as a number of its own, and
// six digits inside an id, a price or a timestamp are not taken for it; a failing last check still closes the app.
import { describe, expect, it } from 'vitest';
import { checkThenClose, expectNoSecretsLeaked } from './accounts-kit';
import type { TestSmtpServer } from './smtp-server';

const CODE = '482913';
const smtp = { mails: [{ raw: `Your Safarnama verification code is: ${CODE}` }] } as unknown as TestSmtpServer;
const check = (body: string) => () => expectNoSecretsLeaked({ smtp, bodies: [body] });

describe('expectNoSecretsLeaked', () => {
  it('catches a mailed code in a response', () => {
    for (const body of [`{"otp":"${CODE}"}`, `{"code":${CODE}}`, `{"message":"Use ${CODE} to sign in."}`]) {
      expect(check(body), body).toThrow();
    }
  });

  it('does not take six digits inside an id, a price or a timestamp for the code', () => {
    for (const body of [
      `{"_id":"0193c7a2-4f1e-7d00-8a1c-a${CODE}f0e2"}`,
      `{"price":2${CODE},"updatedAt":17958${CODE}63}`,
      `{"file":"img-${CODE}0.webp"}`,
    ]) {
      expect(check(body), body).not.toThrow();
    }
  });
});

describe('checkThenClose', () => {
  it('closes the app (and drops its database) when a last check fails, and reports the failure', async () => {
    let closed = 0;
    const app = { close: async () => void closed++ };
    await expect(checkThenClose(app, check(`{"otp":"${CODE}"}`))).rejects.toThrow();
    expect(closed).toBe(1);
    await checkThenClose(app, check('{"ok":true}'));
    expect(closed).toBe(2);
  });
});
