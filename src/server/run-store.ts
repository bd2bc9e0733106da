/** The store process: configuration, database, app, signals, listening (entered through main.ts). */
import { ConfigError, loadConfig } from './config.ts';
import { AdminBootstrapError } from './features/accounts/admin-bootstrap.ts';
import { collectWhenIdle } from './idle-gc.ts';
import { startServices } from './start.ts';
import { gracefulShutdown } from './operations/lifecycle.ts';

try {
  const config = loadConfig();
  const { app, database } = await startServices(config);
  collectWhenIdle(app);
  // Not ready first, then what is under way finishes (bounded), then exit (operations/lifecycle.ts).
  const shutdown = gracefulShutdown(app, app.lifecycle, { drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, exit: (code) => process.exit(code) });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  app.log.info(`Studio Lumi store is running at ${config.publicUrl ?? `http://${shown}:${config.PORT}`} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}/db` : 'PostgreSQL'})`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof AdminBootstrapError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
