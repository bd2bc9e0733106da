/** The store process: configuration, database, app, signals, listening (entered through main.ts). */
import { ConfigError, loadConfig } from './config.ts';
import { AdminBootstrapError } from './features/accounts/admin-bootstrap.ts';
import { collectWhenIdle } from './idle-gc.ts';
import { startServices } from './start.ts';
import { gracefulShutdown } from './operations/lifecycle.ts';
import { claimDataDir, DataDirInUse } from './operations/control-socket.ts';
import { writeBackup } from './operations/backup.ts';

try {
  const config = loadConfig();
  // The embedded database has one owner: its DATA_DIR is claimed before it is opened (control-socket.ts).
  const control = config.DATABASE_URL ? null : await claimDataDir(config.dataDir, 'a store that is starting');
  const { app, database } = await startServices(config);
  if (control) {
    control.serve({
      backup: (out) => writeBackup(out, { database, dataDir: config.dataDir, storage: config.S3_BUCKET ? 's3' : 'local' }),
      shuttingDown: () => app.lifecycle.shuttingDown,
      log: app.log,
    });
    app.addHook('onClose', async () => control.close());
  } else if (!config.DATABASE_URL) {
    app.log.warn(`DATA_DIR's path is too long for its control socket: \`npm run backup\` works only while the store is stopped`);
  }
  collectWhenIdle(app);
  // Not ready first, then what is under way finishes (bounded), then exit (operations/lifecycle.ts).
  const shutdown = gracefulShutdown(app, app.lifecycle, { drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, exit: (code) => process.exit(code) });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  app.log.info(`Studio Lumi store is running at ${config.publicUrl ?? `http://${shown}:${config.PORT}`} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}/db` : 'PostgreSQL'})`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof AdminBootstrapError || error instanceof DataDirInUse) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
