// The payments context every route that touches the ledger builds from the app: the database, how the trip page
// says to pay (SITE_UPI_ID, SITE_BANK_*, SITE_PHONE), the advance share, and the mails.
import type { FastifyInstance } from 'fastify';
import { siteSettings } from '../site/site.routes';
import { createPaymentNotifier } from './payment-mails';
import type { PayTo, PaymentContext } from './payment.service';
import { receiptAgencyOf } from './receipt-paper';

function payToOf(config: FastifyInstance['config']): PayTo {
  const c = config;
  const bank =
    c.SITE_BANK_NAME && c.SITE_BANK_ACCOUNT_NAME && c.SITE_BANK_ACCOUNT && c.SITE_BANK_IFSC
      ? {
          name: c.SITE_BANK_NAME,
          accountName: c.SITE_BANK_ACCOUNT_NAME,
          account: c.SITE_BANK_ACCOUNT,
          ifsc: c.SITE_BANK_IFSC,
          branch: c.SITE_BANK_BRANCH ?? null,
        }
      : null;
  return { upiId: c.SITE_UPI_ID ?? null, payeeName: c.SITE_NAME, bank, phone: c.SITE_PHONE };
}

export function paymentContextOf(app: FastifyInstance): PaymentContext {
  return {
    db: app.db,
    payTo: payToOf(app.config),
    advancePercent: app.config.PAYMENT_ADVANCE_PERCENT,
    agency: receiptAgencyOf(siteSettings(app.config)),
    notifier: createPaymentNotifier({
      site: app.config,
      unsubscribeKey: app.unsubscribeKey,
      nudge: () => app.outbox.nudge(),
    }),
    inquiryNotifier: app.notifier,
  };
}
