/**
 * A store process's start, as far as the database goes: migrations, then the first administrator.
 * Two of these at once on a fresh database is the race of issue 13, item 8.
 */
import pino from 'pino';
import { openDatabase } from '../../../src/server/db/client.ts';
import { ensureAdmin } from '../../../src/server/features/accounts/admin-bootstrap.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await ensureAdmin(database.db, { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }, pino({ level: 'silent' }));
await database.close();
