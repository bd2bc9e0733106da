/**
 * Papers as PDFs (issue 34, `bench:papers`): how long the store takes to make a paper, and how much
 * its memory grows while it makes 50 at once. The production build runs in its own process
 * (embedded database); guests buy in the sandbox in every language and store (Korean, English,
 * Japanese, Vietnamese and Chinese papers, Australian ones with a tax invoice each), then:
 * - each paper is fetched as a PDF, one after the other, three times over: the time from request to
 *   the last byte (read from the database, laid out, fonts subset and embedded), p50 and p95;
 * - after a warm-up (each language's fonts read once, as a running store has them) and a second of
 *   rest, 50 PDFs are asked for at once, each from its own address, while the server's RSS is
 *   sampled: its growth over rest, and how long the 50 took.
 * Targets: p95 under 300 ms a paper, RSS growth under 80 MB for the 50. Every answer must be a PDF
 * (200, %PDF-); otherwise, or when a target is missed, the script exits 1.
 * Usage: npm run build && npm run bench:papers
 */
import fs from 'node:fs';
import path from 'node:path';
import { newGuestId } from '../../src/domain/guest.ts';
import { processMemory } from './process-memory.ts';
import { startBuiltServer } from './serve.ts';

const PORT = 3197;
const ROUNDS = 3;
const AT_ONCE = 50;
const TARGET_P95_MS = 300;
const TARGET_GROWTH_MB = 80;
const MB = 1024 * 1024;
const BUYERS = [
  { country: 'kr', lang: 'ko', business: { company: '주식회사 맛있는 빵집', taxId: '124-81-00998' } },
  { country: 'au', lang: 'en', business: { company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556' } },
  { country: 'au', lang: 'ja', business: { company: '株式会社さくら写真館', taxId: '51 824 753 556' } },
  { country: 'vn', lang: 'vi', business: { company: 'Công ty TNHH Ảnh Đẹp Sài Gòn', taxId: '0312345678' } },
  { country: 'cn', lang: 'zh', business: { company: '上海光影摄影有限公司', taxId: '91310000MA1FL1234X' } },
  { country: 'us', lang: 'en', business: undefined },
];
const ORDERS_EACH = 3;

const root = path.resolve(import.meta.dirname, '..', '..');
if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) {
  console.error('bench:papers needs the production build (build/server/index.js): run `npm run build` first.');
  process.exit(1);
}

const server = await startBuiltServer(PORT, { TRUST_PROXY: 'loopback', ALLOW_TEST_PAYMENTS: 'true' });
const { origin, pid } = server;
const { rss, peakDuring } = processMemory(pid);
let ip = 0;
/** Each request from its own address: the per-address limits stay on and out of the way. */
const nextAddress = () => {
  ip++;
  return `198.18.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
};
const failures: string[] = [];

async function call(method: 'GET' | 'POST', url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(origin + url, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await response.json() as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A guest's order paid in the sandbox; its papers' PDF addresses. */
async function paidPapers(buyer: (typeof BUYERS)[number]): Promise<string[]> {
  const sessionId = newGuestId();
  const headers = { 'x-store-country': buyer.country, 'accept-language': buyer.lang };
  const created = await call('POST', '/api/orders', { customerName: 'Bench Buyer', customerEmail: 'bench@example.com', customerPhone: '+61 2 9000 0000', serviceId: 2, quantity: 4, sessionId, business: buyer.business }, headers) as { orderId: string };
  const approved = await call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', sessionId }, headers) as { paymentKey: string; amount: number };
  await call('POST', '/api/confirm', { orderId: created.orderId, paymentKey: approved.paymentKey, amount: approved.amount, sessionId }, headers);
  for (let tries = 0; tries < 50; tries++) {
    const { order } = await call('GET', `/api/orders/${created.orderId}?sessionId=${sessionId}`, undefined, headers) as { order: { papers: Array<{ pdfUrl: string }> } };
    if (order.papers.length) return order.papers.map((paper) => paper.pdfUrl);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the papers of ${created.orderId} were not numbered`);
}

/** One PDF, read to its last byte: how long it took, or null (and a failure kept) when it was not a PDF. */
async function pdfTime(url: string): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch(origin + url, { headers: { 'x-forwarded-for': nextAddress() } });
    const bytes = Buffer.from(await response.arrayBuffer());
    const took = performance.now() - started;
    if (response.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${response.status} ${bytes.subarray(0, 80).toString()}`);
    return took;
  } catch (error) {
    failures.push(`${url}: ${(error as Error).message}`);
    return null;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const mb = (bytes: number) => (bytes / MB).toFixed(1);

try {
  const urls: string[] = [];
  for (const buyer of BUYERS) for (let i = 0; i < ORDERS_EACH; i++) urls.push(...await paidPapers(buyer));

  // Warm-up: one paper of each language, so every font has been read once, as in a running store.
  const started = rss();
  for (const url of urls.filter((_, i) => i % ORDERS_EACH === 0)) await pdfTime(url);
  const sequential: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const url of urls) {
      const took = await pdfTime(url);
      if (took !== null) sequential.push(took);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rest = rss();
  const burst = await peakDuring(async () => {
    const begun = performance.now();
    const times = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => pdfTime(urls[i % urls.length]!)));
    return { seconds: (performance.now() - begun) / 1000, times: times.filter((t): t is number => t !== null) };
  });

  const p95 = percentile(sequential, 95);
  const growth = burst.peak - rest;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  console.log(`Papers as PDFs (GET /api/orders/{orderId}/papers/{number}/pdf, production build, embedded database): ${urls.length} papers of ${BUYERS.length * ORDERS_EACH} orders in ko, en, ja, vi, zh`);
  console.log(`  one at a time, ${sequential.length} PDFs: p50 ${percentile(sequential, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...sequential).toFixed(0)} ms a paper (target p95 < ${TARGET_P95_MS} ms: ${met(p95 < TARGET_P95_MS)})`);
  console.log(`  ${AT_ONCE} at once: all in ${burst.result.seconds.toFixed(2)} s (${(AT_ONCE / burst.result.seconds).toFixed(0)} papers/s), each answered within p95 ${percentile(burst.result.times, 95).toFixed(0)} ms`);
  console.log(`  server RSS: ${mb(started)} MB before the first paper, ${mb(rest)} MB at rest after the warm-up, peak ${mb(burst.peak)} MB while ${AT_ONCE} were made (${burst.samples} samples${burst.kernelPeak === null ? '' : `, kernel high-water mark ${mb(burst.kernelPeak)} MB`})`);
  console.log(`  growth while ${AT_ONCE} were made: +${mb(growth)} MB over rest (target < ${TARGET_GROWTH_MB} MB: ${met(growth < TARGET_GROWTH_MB * MB)}); the fonts read by the warm-up: +${mb(rest - started)} MB`);
  for (const failure of failures) console.log(`  FAILED ${failure}`);
  process.exitCode = failures.length || p95 >= TARGET_P95_MS || growth >= TARGET_GROWTH_MB * MB ? 1 : 0;
} finally {
  await server.stop();
}
