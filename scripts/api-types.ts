/**
 * `npm run api:types`: writes tests/contract/store-api.d.ts, the types openapi-typescript makes of
 * the store's OpenAPI document (read from a store started in memory, nothing listening).
 */
import fs from 'node:fs';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { API_TYPES_FILE, apiTypesOf } from '../tests/contract/api-types.ts';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/studio-lumi-api-types-${process.pid}` });
const database = await openDatabase({ pgliteDir: 'memory://' });
const app = await createApp({ config, db: database.db, cookieSecret: 'api-types-only-0123456789abcdef0123' });
await app.ready();
const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
fs.writeFileSync(API_TYPES_FILE, await apiTypesOf(document));
console.log(`api:types: wrote ${API_TYPES_FILE}`);
await app.close();
await database.close();
