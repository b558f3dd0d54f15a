// A real SMTP server in the test process (smtp-server): the app sends to it through SMTP_URL and tests read the mail.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) with quoted-printable soft breaks undone. */
  raw: string;
  /** The message exactly as received. */
  source: string;
}

export interface TestSmtpServer {
  /** Pass as SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Mails delivered to `address` so far (case-insensitive). */
  mailsTo(address: string): ReceivedMail[];
  /** The 6-digit code of the newest code mail to `address`. */
  latestOtp(address: string): string;
  /**
   * Holds every message that arrives from now on, neither accepted nor in `mails`, as a mail server that has not
   * answered yet, until `release` (then they are delivered). `arrived` resolves when the first one is held.
   */
  hold(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

/**
 * The message with MIME encodings undone, for reading what a person would: encoded words in headers
 * (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), folded header lines and quoted-printable bodies.
 */
export function decodeMail(mail: ReceivedMail): string {
  const raw = mail.source;
  const unQp = (s: string) =>
    Buffer.concat(
      s
        .split(/(=[0-9A-F]{2})/)
        .map((part) => (/^=[0-9A-F]{2}$/.test(part) ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part))),
    ).toString('utf8');
  // Folded header lines are unfolded; the space between two encoded words is not part of the text.
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const words = unfolded.replace(
    /=\?UTF-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?UTF-8\?))?/gi,
    (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : unQp(text.replace(/_/g, ' ')),
  );
  return unQp(words.replace(/=\r?\n/g, ''));
}

/** A file attached to a mail (Content-Disposition: attachment), its base64 body decoded. */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The attachments of a multipart message, at any depth: its parts split on every boundary it declares. */
export function mailAttachments(mail: ReceivedMail): MailFile[] {
  const source = mail.source;
  const boundaries = [...source.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  if (boundaries.length === 0) return [];
  const escaped = boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const parts = source.split(new RegExp(`\r?\n--(?:${escaped})(?:--)?\r?\n`));
  const files: MailFile[] = [];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/^content-disposition:\s*attachment/im.test(headers)) continue;
    const filename = headers.match(/filename="?([^";\r\n]+)"?/i)?.[1] ?? '';
    const contentType = headers.match(/^content-type:\s*([^;\r\n]+)/im)?.[1]?.trim() ?? '';
    files.push({ filename, contentType, content: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') });
  }
  return files;
}

/** `port` 0 picks a free one; a fixed port lets a test bring "the mail server" back where the app expects it. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  let gate: { held: (() => void)[]; arrived: () => void } | undefined;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS certificate to trust, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const deliver = () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks)
              .toString('utf8')
              .replace(/=\r?\n/g, ''),
            source: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (!gate) return deliver();
        gate.held.push(deliver);
        gate.arrived();
      });
    },
  });
  // A sender gone in the middle of a message (an app instance killed with kill -9) is a reset connection, which
  // smtp-server reports on the server, not the connection: unhandled, it would end the test process. The message
  // was never delivered, which is what a real mail server does with it too.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const { port: listening } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    mailsTo,
    latestOtp(address) {
      // The newest mail that carries a code: a notification (D25) may arrive after it.
      const code = mailsTo(address)
        .map((m) => m.raw.match(/verification code is: (\d{6})/)?.[1])
        .filter((c) => c !== undefined)
        .at(-1);
      if (!code) throw new Error(`no OTP mail for ${address}`);
      return code;
    },
    hold() {
      let arrived = () => undefined as void;
      const whenArrived = new Promise<void>((resolve) => (arrived = resolve));
      const current = { held: [] as (() => void)[], arrived };
      gate = current;
      return {
        arrived: whenArrived,
        release() {
          if (gate === current) gate = undefined;
          for (const deliver of current.held.splice(0)) deliver();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
