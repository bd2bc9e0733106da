/**
 * Live events under load (issue 35): the built store on the embedded database with 1,000 open event
 * streams — 100 guests' orders, each open in 10 tabs, and 20 staff tabs — while staff post a
 * message a second to one of those orders. Each message must reach that order's 10 tabs and every
 * staff tab, and no other. Reports the delivery time (post sent → event read) p50, p95 and p99,
 * events lost or misdelivered, and the server's RSS before the streams opened and with them open.
 * Targets: p99 under 200 ms; RSS growth under 100 MB.
 * Usage: npm run build && npm run bench:events   (BENCH_EVENT_SECONDS, default 30)
 */
import fs from 'node:fs';
import { startBuiltServer } from './serve.ts';

const GUESTS = 100;
const TABS = 10;
const STAFF_TABS = 20;
const SECONDS = Number(process.env.BENCH_EVENT_SECONDS ?? 30);
const ADMIN = { email: 'bench-events@example.com', password: 'bench-events-pass-1' };
const TARGET_P99_MS = 200;
const TARGET_RSS_MB = 100;

const server = await startBuiltServer(3197, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'loopback', ALLOW_TEST_PAYMENTS: 'true' });
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;
let address = 0;
/** Every caller from an address of its own, as many browsers would be (the per-address limits). */
const from = () => { address += 1; return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`; };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.origin}${path}`, {
    method, headers: { 'content-type': 'application/json', 'x-store-country': 'kr', 'x-forwarded-for': from(), origin: server.origin, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json().catch(() => null) as Record<string, any>, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

const guestId = (n: number) => `bench-events-guest-${String(n).padStart(4, '0')}-${'x'.repeat(24)}`;
const orders: Array<{ id: string; number: string; guest: string }> = [];
const staffLogin = await call('POST', '/api/auth/login', ADMIN);
const staff = staffLogin.cookie;
for (let n = 0; n < GUESTS; n++) {
  const guest = guestId(n);
  const created = await call('POST', '/api/orders', { customerName: 'Bench', customerEmail: `bench${n}@example.com`, customerPhone: '010-1234-5678', serviceId: 1, quantity: 1, country: 'kr', sessionId: guest });
  const { paymentKey } = (await call('POST', '/api/payments/sandbox/authorize', { orderId: created.body.orderId, card: 'approved', sessionId: guest })).body;
  await call('POST', '/api/confirm', { orderId: created.body.orderId, amount: created.body.amount, paymentKey });
  const listed = await call('GET', `/api/orders?q=${created.body.orderId}`, undefined, { cookie: staff });
  orders.push({ id: listed.body.orders[0].id, number: created.body.orderId, guest });
}

const rssBefore = rssMb();
interface Tab { order: string | null; controller: AbortController; seen: Map<number, number> }
const tabs: Tab[] = [];
let misdelivered = 0;

async function openTab(path: string, headers: Record<string, string>, order: string | null): Promise<void> {
  const tab: Tab = { order, controller: new AbortController(), seen: new Map() };
  const response = await fetch(`${server.origin}${path}`, { headers: { accept: 'text/event-stream', 'x-forwarded-for': from(), ...headers }, signal: tab.controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`a stream was refused: ${response.status}`);
  tabs.push(tab);
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!block.includes('event: message') || !data) continue;
          const event = JSON.parse(data) as { order: string; seq: number };
          if (tab.order !== null && event.order !== tab.order) misdelivered += 1;
          tab.seen.set(event.seq, performance.now());
        }
      }
    } catch { /* closed */ }
  })();
}

for (const order of orders) for (let tab = 0; tab < TABS; tab++) await openTab(`/api/events?sessionId=${order.guest}`, {}, order.number);
for (let tab = 0; tab < STAFF_TABS; tab++) await openTab('/api/events', { cookie: staff }, null);
const rssOpen = rssMb();

const sent: Array<{ seq: number; order: string; at: number }> = [];
for (let second = 0; second < SECONDS; second++) {
  const order = orders[second % orders.length]!;
  const at = performance.now();
  const posted = await call('POST', `/api/admin/orders/${order.id}/messages`, { body: `Message ${second}` }, { cookie: staff });
  sent.push({ seq: posted.body.message.seq, order: order.number, at });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - at))));
}
await new Promise((resolve) => setTimeout(resolve, 3000));
const rssAfter = rssMb();

const delays: number[] = [];
let lost = 0;
for (const message of sent) {
  for (const tab of tabs) {
    if (tab.order !== null && tab.order !== message.order) continue;
    const seen = tab.seen.get(message.seq);
    if (seen === undefined) lost += 1;
    else delays.push(seen - message.at);
  }
}
delays.sort((a, b) => a - b);
const pick = (q: number) => Math.round(delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? NaN);
const result = {
  streams: tabs.length, messages: sent.length, deliveries: delays.length, lost, misdelivered,
  p50Ms: pick(0.5), p95Ms: pick(0.95), p99Ms: pick(0.99), maxMs: Math.round(delays.at(-1) ?? NaN),
  rssBeforeMb: Math.round(rssBefore), rssStreamsOpenMb: Math.round(rssOpen), rssAfterMb: Math.round(rssAfter), rssGrowthMb: Math.round(rssAfter - rssBefore),
};
console.log(JSON.stringify(result));
for (const tab of tabs) tab.controller.abort();
await server.stop();
const met = result.p99Ms < TARGET_P99_MS && result.rssGrowthMb < TARGET_RSS_MB && lost === 0 && misdelivered === 0;
console.log(met ? `met: p99 ${result.p99Ms} ms < ${TARGET_P99_MS}, RSS +${result.rssGrowthMb} MB < ${TARGET_RSS_MB}, nothing lost or misdelivered` : 'MISSED a target');
process.exitCode = met ? 0 : 1;
