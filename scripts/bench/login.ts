/**
 * Sign-in cost: p50 and p95 of POST /api/auth/login over HTTP on this machine, with the real
 * argon2id parameters and the embedded database. Target (issue 3): p50 under 100 ms.
 * The per-IP sign-in limit allows 100 attempts per 15 minutes, so one run measures 90.
 * Usage: npm run bench:login
 */
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';

const SAMPLES = 90;
const database = await openDatabase({ pgliteDir: 'memory://' });
const app = await createApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), db: database.db, cookieSecret: 'bench-secret-0123456789abcdef0123456789' });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const post = (path: string, body: unknown) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const account = { email: 'bench@example.com', username: 'bench', password: 'bench-password-1', firstName: 'Bench', lastName: 'Mark' };
if ((await post('/api/auth/register', account)).status !== 201) throw new Error('could not register the benchmark account');

const timings: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const started = performance.now();
  const response = await post('/api/auth/login', { email: account.email, password: account.password });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  timings.push(performance.now() - started);
}
await app.close();
await database.close();

timings.sort((a, b) => a - b);
const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!;
console.log(`POST /api/auth/login over HTTP, ${SAMPLES} sign-ins: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, min ${timings[0]!.toFixed(1)} ms, max ${timings.at(-1)!.toFixed(1)} ms`);
console.log('argon2id: memory 19 MiB, 2 passes, parallelism 1 (OWASP minimum)');
process.exit(at(0.5) < 100 ? 0 : 1);
