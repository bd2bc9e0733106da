/**
 * Orders created and paid per second (issue 7): 50 concurrent clients each place a guest order
 * (POST /api/orders) and confirm its payment (POST /api/confirm) through the Toss provider against
 * the fake Toss API on loopback, over HTTP, against PostgreSQL. With BENCH_PROVIDER=stripe
 * (`npm run bench:orders:stripe`, issue 14) each order in the US store is paid through Stripe
 * Checkout against the fake Stripe API instead: POST /api/orders, POST /api/payments/start (a
 * Checkout Session), the payer pays on the fake's page, and a signed checkout.session.completed
 * webhook pays the order. The store runs in its own process
 * (as in production; this process plays the clients and Toss). Two runs:
 * - capacity: the 50 clients place orders back to back, as fast as the store answers (orders/s);
 * - latency at 500 orders/s: orders arrive on a fixed schedule, at most 50 in flight, and each
 *   order's time counts from when it was due, so a stalled store cannot hide its queue.
 *   (A closed loop at saturation only measures its own queue: 50 clients / throughput.)
 * Then it checks that every acknowledged order is stored exactly once, paid, with its history.
 * Targets: at least 500 orders/s, p99 under 100 ms.
 * Usage: npm run bench:orders   (BENCH_DATABASE_URL or TEST_DATABASE_URL, default local postgres)
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import postgres from 'postgres';
import { newGuestId } from '../../src/domain/guest.ts';
import { FAKE_STRIPE_SECRET, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../../tests/integration/support/stripe.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from '../../tests/integration/support/toss.ts';
import { startBuiltServer } from './serve.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 6000);
const PROVIDER = process.env.BENCH_PROVIDER === 'stripe' ? 'stripe' : 'toss';
// A Stripe order is three requests (create, start, webhook) and the fake Stripe runs in this
// process: its schedule is set below its capacity, so the latency figure is not a queue's.
const RATE = Number(process.env.BENCH_RATE ?? (PROVIDER === 'stripe' ? 200 : 500));
const WARMUP = 300;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// One database per run, dropped after.
const name = `store_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const toss = await startFakeToss();
const stripe = await startFakeStripe();
const server = await startBuiltServer(3197, {
  DATABASE_URL: url.toString(), TRUST_PROXY: 'loopback', ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'bench-admin-pass-1',
  TOSS_CLIENT_KEY: FAKE_TOSS_CLIENT, TOSS_SECRET_KEY: FAKE_TOSS_SECRET, TOSS_API_BASE: toss.url,
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url,
});
const { origin } = server;

let ip = 0;
/** Each order comes from its own customer address, as in a real shop (per-IP limits stay on). */
const nextAddress = () => {
  ip++;
  return `198.18.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
};

// node:http with kept-alive sockets: a lighter load generator than fetch leaves more of the
// machine's two cores to the store, which is what is measured.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
function post(path: string, body: unknown, address: string, extraHeaders: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, {
      method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-forwarded-for': address, 'accept-language': 'ko', 'x-store-country': PROVIDER === 'stripe' ? 'us' : 'kr', ...extraHeaders },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
        } catch (error) {
          reject(error as Error);
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const acknowledged: string[] = [];

/** Create, start a Checkout Session, pay on the fake's page, and the signed webhook pays the order. */
async function placeAndPayWithStripe(started: number): Promise<number> {
  const address = nextAddress();
  const sessionId = newGuestId();
  const created = await post('/api/orders', {
    customerName: 'Min Kim', customerEmail: 'bench@example.com', customerPhone: '+1 212 555 0100',
    serviceId: 4, quantity: 5, sessionId, country: 'us', isGuestOrder: true,
  }, address);
  if (created.status !== 201) throw new Error(`order answered ${created.status}: ${JSON.stringify(created.json)}`);
  const orderId = created.json.orderId as string;
  const start = await post('/api/payments/start', { orderId, provider: 'stripe', sessionId }, address);
  if (start.status !== 200) throw new Error(`start answered ${start.status}: ${JSON.stringify(start.json)}`);
  const checkoutSession = /\/c\/pay\/([^/?#]+)/.exec(start.json.redirectUrl as string)![1]!;
  stripe.pay(checkoutSession, 'paid');
  const event = stripe.event('checkout.session.completed', checkoutSession);
  const delivered = await post('/api/webhooks/stripe', event.payload, address, { 'stripe-signature': event.signature });
  if (delivered.status !== 200 || delivered.json.outcome !== 'settled') throw new Error(`webhook answered ${delivered.status}: ${JSON.stringify(delivered.json)}`);
  acknowledged.push(orderId);
  return performance.now() - started;
}

async function placeAndPay(started = performance.now()): Promise<number> {
  if (PROVIDER === 'stripe') return placeAndPayWithStripe(started);
  const address = nextAddress();
  const created = await post('/api/orders', {
    customerName: '김민수', customerEmail: 'bench@example.com', customerPhone: '010-1234-5678',
    serviceId: 4, quantity: 5, sessionId: newGuestId(), country: 'kr', isGuestOrder: true,
  }, address);
  if (created.status !== 201) throw new Error(`order answered ${created.status}: ${JSON.stringify(created.json)}`);
  const orderId = created.json.orderId as string;
  const confirmed = await post('/api/confirm', { orderId, amount: created.json.amount, paymentKey: `ok_${randomBytes(8).toString('hex')}` }, address);
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.json)}`);
  acknowledged.push(orderId);
  return performance.now() - started;
}

async function run(total: number): Promise<{ timings: number[]; seconds: number }> {
  const timings: number[] = [];
  let remaining = total;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (remaining > 0) {
      remaining--;
      timings.push(await placeAndPay());
    }
  }));
  return { timings, seconds: (performance.now() - started) / 1000 };
}

/** Orders due every 1/RATE s; one that finds all clients busy waits for one, and that wait counts. */
async function runAtRate(total: number): Promise<number[]> {
  const timings: number[] = [];
  const start = performance.now() + 50;
  let next = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < total) {
      const due = start + (next++ * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      timings.push(await placeAndPay(due));
    }
  }));
  return timings;
}

const percentiles = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return { text: `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`, p99: Number(at(0.99)) };
};

try {
  await run(WARMUP);
  const { timings, seconds } = await run(ORDERS);
  const perSecond = ORDERS / seconds;
  const atRate = await runAtRate(ORDERS);
  const closed = percentiles(timings);
  const open = percentiles(atRate);

  const check = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const [stored] = await check`select count(*)::int as orders, count(distinct order_number)::int as distinct_numbers,
    count(*) filter (where status = 'order_received')::int as paid from orders`;
  const [history] = await check`select count(*)::int as rows from order_status_history`;
  const storedNumbers = new Set((await check`select order_number from orders`).map((r) => r.order_number as string));
  await check.end();
  const missing = acknowledged.filter((n) => !storedNumbers.has(n)).length;
  const exact = stored!.orders === acknowledged.length && stored!.distinct_numbers === acknowledged.length && stored!.paid === acknowledged.length && history!.rows === 2 * acknowledged.length && missing === 0;

  console.log(PROVIDER === 'stripe'
    ? `${ORDERS} orders created and paid by ${CLIENTS} concurrent clients (PostgreSQL, Stripe Checkout against the fake Stripe API: create, start, signed webhook)`
    : `${ORDERS} orders created and paid by ${CLIENTS} concurrent clients (PostgreSQL, Toss provider against the fake Toss API)`);
  console.log(`  capacity: ${perSecond.toFixed(0)} orders/s; per order (${PROVIDER === 'stripe' ? 'create + start + webhook' : 'create + confirm'}) ${closed.text}`);
  console.log(`  at ${RATE} orders/s (${ORDERS} orders on a fixed schedule, at most ${CLIENTS} in flight): ${open.text}`);
  console.log(`  acknowledged ${acknowledged.length}, stored ${stored!.orders} (${stored!.distinct_numbers} distinct), paid ${stored!.paid}, history rows ${history!.rows}, missing ${missing}: ${exact ? 'each stored exactly once' : 'MISMATCH'}`);
  if (PROVIDER === 'toss') console.log(`  targets: >= 500 orders/s ${perSecond >= 500 ? 'met' : 'NOT met'}; p99 < 100 ms at 500 orders/s ${RATE >= 500 && open.p99 < 100 ? 'met' : 'NOT met'}`);
  process.exitCode = exact ? 0 : 1;
} finally {
  agent.destroy();
  await server.stop();
  await toss.stop();
  await stripe.stop();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
