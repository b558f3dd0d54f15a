// Reads the mails the e2e SMTP server received (written by global-setup.ts).
import fs from 'node:fs';
import { MAILBOX_FILE } from './env';

interface Mail {
  to: string[];
  raw: string;
}

function mailsTo(address: string): Mail[] {
  const lines = fs.readFileSync(MAILBOX_FILE, 'utf8').split('\n').filter(Boolean);
  return lines.map((l) => JSON.parse(l) as Mail).filter((m) => m.to.includes(address.toLowerCase()));
}

/** Waits for the newest mail to `address` that carries a 6-digit code, and returns the code. */
export async function waitForOtp(address: string, after = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // The phrase every code mail uses (an address can hold six digits in a row too); a notification (D25) may
    // arrive after the code.
    const code = mailsTo(address)
      .slice(after)
      .map((m) => m.raw.match(/verification code is: (\d{6})\b/)?.[1])
      .filter((c) => c !== undefined)
      .at(-1);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no OTP mail reached ${address}`);
}

export const mailCount = (address: string) => mailsTo(address).length;

/** The mail as a person reads it: quoted-printable undone (soft line breaks and =XX bytes). */
const readable = (raw: string) =>
  Buffer.concat(
    raw
      .replace(/=\r?\n/g, '')
      .split(/(=[0-9A-F]{2})/)
      .map((part) => (/^=[0-9A-F]{2}$/.test(part) ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part))),
  ).toString('utf8');

/** Waits for a mail to `address` whose readable text contains `text`, and returns that text. */
export async function waitForMail(address: string, text: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = mailsTo(address)
      .map((m) => readable(m.raw))
      .find((m) => m.includes(text));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} with "${text}"`);
}
