/** Opens everything the server needs from the configuration; shared by main and dev entries. */
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { openGeoLookup } from './routing/country-detection.ts';

export async function startServices(config: Config, devServer?: ViteDevServer) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const geoLookup = config.GEOIP_DB ? await openGeoLookup(config.GEOIP_DB) : undefined;
  const app = await createApp({ config, db: database.db, geoLookup, devServer });
  app.addHook('onClose', async () => database.close());
  return { app, database };
}
