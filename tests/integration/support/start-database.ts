/**
 * A store process's start, as far as the database goes: migrations, then the first administrator.
 * Several of these at once on a fresh database is the race of issue 13, item 8; they load
 * everything first and then start at the same instant (START_AT), so the race is not left to
 * how fast each process happens to boot.
 */
import 'drizzle-orm/postgres-js';
import 'drizzle-orm/postgres-js/migrator';
import 'postgres';
import pino from 'pino';
import { openDatabase } from '../../../src/server/db/client.ts';
import { ensureAdmin } from '../../../src/server/features/accounts/admin-bootstrap.ts';

const startAt = Number(process.env.START_AT ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await ensureAdmin(database.db, { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }, pino({ level: 'silent' }));
await database.close();
