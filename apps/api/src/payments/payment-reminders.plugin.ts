// Runs D31's reminders in the server: once when the app is ready and then every hour (each reminder is written
// once across processes, so several instances may all run it). The timer never holds the process open.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { now } from '../lib/clock';
import { paymentContextOf } from './payment-context';
import { sendDueReminders } from './payment-reminders';

const EVERY_MS = 3_600_000;

export default fp(
  async (app: FastifyInstance) => {
    const ctx = paymentContextOf(app);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    const run = () => {
      running = sendDueReminders(ctx, now()).catch((err: unknown) =>
        app.log.error({ err, event: 'payment_reminders_failed' }, 'payment reminders: a pass failed'),
      );
    };
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, EVERY_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'payment-reminders', dependencies: ['outbox'] },
);
