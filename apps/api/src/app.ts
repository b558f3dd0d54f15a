// Builds the Fastify app: external plugins, then our plugins, then routes. Only server.ts listens.
import fs from 'node:fs';
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, migrateToLatest } from './db/connection';
import type { DbHandle } from './db/dialect';
import { loadJwtSecret } from './auth/jwt-secret';
import { secureDataDir } from './data-dir';
import { createTokenService, type TokenService } from './auth/token.service';
import { deriveOtpKey } from './auth/otp.service';
import { createMailer, type Mailer } from './mail/mailer';
import dbPlugin from './plugins/db';
import accessPlugin from './plugins/access';
import errorHandler, { handleClientError, handleFrameworkError } from './plugins/error-handler';
import timeoutsPlugin, { serverTimeouts } from './plugins/timeouts';
import securityPlugin from './plugins/security';
import { shutdownPlugin } from './plugins/shutdown';
import rateLimitPlugin from './plugins/rate-limit';
import docsPlugin from './plugins/docs';
import metricsPlugin from './plugins/metrics';
import webPlugin from './plugins/web';
import { healthRoutes } from './health/health.routes';
import { siteRoutes } from './site/site.routes';
import { seoRoutes } from './seo/seo.routes';
import { appManifestRoutes } from './site/app-manifest.routes';
import { brochureRoutes } from './brochure/brochure.routes';
import { inquiryRoutes } from './inquiries/inquiry.routes';
import { inquiryDocumentsRoutes } from './inquiries/inquiry-documents.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { reportRoutes } from './reports/report.routes';
import { packageRoutes } from './packages/package.routes';
import { backgroundRoutes } from './backgrounds/background.routes';
import { authRoutes } from './auth/auth.routes';
import { staffRoutes } from './staff/staff.routes';
import { profileRoutes } from './profile/profile.routes';
import outboxPlugin from './notifications/outbox.plugin';
import afterAnswerPlugin from './plugins/after-answer';
import { notificationRoutes } from './notifications/notification.routes';
import { quoteRoutes } from './quotes/quote.routes';
import { supplierRoutes } from './suppliers/supplier.routes';
import { bookingRoutes } from './suppliers/booking.routes';
import { payablesRoutes } from './suppliers/payables.routes';
import { tripRoutes } from './trips/trip.routes';
import { voucherRoutes } from './suppliers/voucher.routes';
import { paymentRoutes } from './payments/payment.routes';
import paymentRemindersPlugin from './payments/payment-reminders.plugin';
import { invoiceRoutes } from './invoices/invoice.routes';
import { loggingOptions } from './logger';
import { databaseStorage, fileStorage, type ImageStorage } from './uploads/image-storage';
import { createPdfPool, type PdfPool } from './papers/pdf-pool';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    tokens: TokenService;
    mailer: Mailer;
    /** HMAC key for OTP hashes, derived from the JWT secret (docs/accounts.md). */
    otpKey: Buffer;
    /** Where uploaded images' renditions are kept and served from (D29). */
    images: ImageStorage;
    /** The worker threads that lay PDFs out, off the event loop (papers/pdf-pool.ts). */
    pdf: PdfPool;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already-open database (tests); otherwise the configured one is opened. */
  handle?: DbHandle;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
}

const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp({ config, handle, logStream }: BuildAppOptions) {
  const db = handle ?? openDatabase(config);
  secureDataDir(config.DATA_DIR);
  await migrateToLatest(db);

  const options: FastifyServerOptions = {
    ...loggingOptions(config, logStream),
    // A hop count, never `true`: with `true` Fastify takes the leftmost X-Forwarded-For entry, which the
    // client writes itself, so a client could pick a fresh address per request past every rate limit.
    // (Fastify's own numeric form, written as the function it stands for: its types omit numbers.)
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    // Node's header and whole-request limits, beside the per-request body timeouts (plugins/timeouts.ts).
    ...serverTimeouts(config),
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  const jwtSecret = await loadJwtSecret(config.JWT_SECRET, db.db, config.DATA_DIR);
  app.decorate('tokens', createTokenService(jwtSecret, config.JWT_TTL));
  app.decorate('otpKey', deriveOtpKey(jwtSecret));
  app.decorate('mailer', createMailer(config, app.log));
  if (config.UPLOADS_DIR) fs.mkdirSync(config.UPLOADS_DIR, { recursive: true });
  app.decorate('images', config.UPLOADS_DIR ? fileStorage(config.UPLOADS_DIR) : databaseStorage(db.db));
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate('pdf', createPdfPool({ threads: config.PDF_THREADS, queue: config.PDF_QUEUE }));
  app.addHook('onClose', async () => app.pdf.close());

  await app.register(errorHandler);
  await app.register(shutdownPlugin);
  await app.register(timeoutsPlugin);
  await app.register(securityPlugin);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } },
  });
  await app.register(rateLimitPlugin);
  if (config.API_DOCS) await app.register(docsPlugin);
  await app.register(dbPlugin, { handle: db });
  await app.register(accessPlugin);
  await app.register(metricsPlugin);
  if (config.TRUST_PROXY > 0) {
    // The id in the logs comes back in the answer, so a proxy's log line and ours can be joined.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  }
  await app.register(outboxPlugin);
  await app.register(afterAnswerPlugin);

  await app.register(healthRoutes);
  await app.register(siteRoutes);
  // Domain routes are registered here, one line each.
  await app.register(inquiryRoutes);
  await app.register(inquiryDocumentsRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportRoutes);
  await app.register(authRoutes);
  await app.register(staffRoutes);
  await app.register(profileRoutes);
  await app.register(notificationRoutes);
  await app.register(quoteRoutes);
  await app.register(supplierRoutes);
  await app.register(bookingRoutes);
  await app.register(payablesRoutes);
  await app.register(tripRoutes);
  await app.register(voucherRoutes);
  await app.register(paymentRoutes);
  await app.register(paymentRemindersPlugin);
  await app.register(invoiceRoutes);

  await app.register(packageRoutes);
  await app.register(backgroundRoutes);
  await app.register(brochureRoutes);
  await app.register(seoRoutes);
  await app.register(appManifestRoutes);

  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
