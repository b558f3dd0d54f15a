// The transport of the notification outbox (D25): SMTP through nodemailer when SMTP_URL is set, otherwise the
// console transport that logs the mail as the OTP mail is logged (mailer.ts). Beside the mailer, not in it: these
// mails have an HTML part, a List-Unsubscribe header and a Message-ID of their own, and bounded timeouts so one
// send never outlives the sender's claim on the row.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row, so a recipient's mail client can tell a repeated delivery. */
  messageId: string;
  unsubscribeUrl?: string | null;
  /** Issued papers sent with the mail (notifications/mail-attachments.ts). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface OutboxTransport {
  /** Resolves once the server accepted the mail; rejects with the reason otherwise. */
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

/** Bounds of one SMTP conversation; together well inside the sender's claim (notifications/outbox-sender.ts). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export function createOutboxTransport(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  log: FastifyBaseLogger,
): OutboxTransport {
  const message = (mail: OutboxMail) => ({
    from: config.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl } } : {}),
  });
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      await transport.sendMail(message(mail));
      log.info(
        {
          event: 'mail_console',
          mail: {
            from: config.MAIL_FROM,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            attachments: mail.attachments?.map((a) => a.filename) ?? [],
          },
        },
        `mail (console transport; set SMTP_URL to send real mail)\n${mail.text}`,
      );
    },
    close: () => transport.close(),
  };
}
