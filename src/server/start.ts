/** Opens everything the server needs from the configuration; shared by main and dev entries. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { createApp } from './app.ts';
import { ensureAdmin } from './features/accounts/admin-bootstrap.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { openGeoLookup } from './routing/country-detection.ts';

export async function startServices(config: Config, devServer?: ViteDevServer) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const geoLookup = config.GEOIP_DB ? await openGeoLookup(config.GEOIP_DB) : undefined;
  const redis = config.REDIS_URL ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  const cookieSecret = config.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const app = await createApp({ config, db: database.db, geoLookup, devServer, redis, cookieSecret });
  if (!config.PUBLIC_URL && !config.development) {
    app.log.warn(`PUBLIC_URL is not set: e-mail and canonical links point to ${config.publicUrl}, and cookies are not Secure. Set it to the store's public https address.`);
  }
  if (!config.SESSION_SECRET) app.log.warn('SESSION_SECRET is not set: signed cookies (Google sign-in) last only until this process restarts, and staff\'s authenticator secrets are stored unsealed');
  app.addHook('onClose', async () => {
    await database.close();
    redis?.disconnect();
  });
  await ensureAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, app.log);
  return { app, database };
}
