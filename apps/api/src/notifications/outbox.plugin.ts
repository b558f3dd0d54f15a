// Wires D25's outbox into the app: the transport, the in-process sender (started when the app is ready, stopped
// before it closes) and the notifier the inquiry service writes mails with.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createOutboxTransport } from '../mail/outbox-transport';
import { OutboxSender } from './outbox-sender';
import { layOutAttachment } from './mail-attachments';
import { receiptAgencyOf } from '../payments/receipt-paper';
import { siteSettings } from '../site/site.routes';
import { createInquiryNotifier, deriveUnsubscribeKey, type InquiryNotifier } from './notification.service';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxSender;
    notifier: InquiryNotifier;
    /** HMAC key of the customers' unsubscribe links. */
    unsubscribeKey: Buffer;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const transport = createOutboxTransport(app.config, app.log);
    // The pool is read when a mail is sent: it is the app's, decorated beside this plugin.
    const attachmentDeps = { db: app.db, pdf: () => app.pdf, receiptAgency: receiptAgencyOf(siteSettings(app.config)) };
    const sender = new OutboxSender({
      db: app.db,
      engine: app.dbEngine,
      transport,
      log: app.log,
      messageIdHost: new URL(app.config.SITE_URL).hostname,
      attach: (column) => layOutAttachment(attachmentDeps, column),
    });
    const unsubscribeKey = deriveUnsubscribeKey(app.otpKey);
    app.decorate('outbox', sender);
    app.decorate('unsubscribeKey', unsubscribeKey);
    app.decorate('notifier', createInquiryNotifier({ site: app.config, unsubscribeKey, nudge: () => sender.nudge() }));
    app.addHook('onReady', async () => sender.start());
    // Before the database closes: a send in flight finishes and its row is marked.
    app.addHook('preClose', async () => {
      await sender.stop();
      transport.close();
    });
  },
  { name: 'outbox', dependencies: ['db'] },
);
