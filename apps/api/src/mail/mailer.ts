// Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise a console transport that logs the mail.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the transport has accepted the message; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
      },
      close: () => transport.close(),
    };
  }

  // jsonTransport still builds the message (address checks included) without a server, so the
  // console path behaves like SMTP up to the hand-over.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      await transport.sendMail({ from: config.MAIL_FROM, ...message });
      // Without SMTP_URL this log line is how a developer reads the OTP; it is the only place one is logged.
      log.info(
        {
          event: 'mail_console',
          mail: { from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text },
        },
        `mail (console transport; set SMTP_URL to send real mail)\n${message.text}`,
      );
    },
    close: () => transport.close(),
  };
}
