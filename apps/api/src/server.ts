// Starts the server: parse config, build the app, run start-up tasks, listen; close gracefully on signals.
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config';
import { buildApp } from './app';
import { runStartupTasks } from './startup';

async function main() {
  let config: Config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp({ config });
  await runStartupTasks(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Safarnama is running on http://localhost:${config.PORT} (${config.dbEngine})`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Stops accepting, waits for requests in flight, then runs onClose hooks (the database closes).
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Safarnama failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
