// A real SMTP server in the test process (smtp-server): the app sends to it through SMTP_URL and tests read the mail.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) with quoted-printable soft breaks undone. */
  raw: string;
}

export interface TestSmtpServer {
  /** Pass as SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Mails delivered to `address` so far (case-insensitive). */
  mailsTo(address: string): ReceivedMail[];
  /** The 6-digit code of the newest mail to `address`. */
  latestOtp(address: string): string;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS certificate to trust, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    latestOtp(address) {
      const mail = mailsTo(address).at(-1);
      const code = mail?.raw.match(/verification code is: (\d{6})/)?.[1];
      if (!code) throw new Error(`no OTP mail for ${address}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
