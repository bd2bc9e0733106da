/**
 * Upload throughput and the server's memory while it receives files (issue: `bench:uploads`).
 * The store streams each uploaded file to storage as it arrives (D14), so its memory must not
 * grow with the size of the files: ten 10 MB uploads at once carry 100 MB, and a server that held
 * them in memory would grow by about that much. This script runs the production build in its own
 * process (embedded database, files on disk in a throwaway DATA_DIR), streams multipart bodies to
 * POST /api/uploads as a guest in 64 KB chunks, and reads the server's resident memory (VmRSS in
 * /proc/<pid>/status) every 20 ms:
 * - at rest, after one warm-up upload and a short idle;
 * - its peak during single 10 MB uploads, one after the other (MB/s: median of the runs, from the
 *   first byte sent to the answer read);
 * - its peak during ten 10 MB uploads at once, each its own request (aggregate MB/s).
 * Where the kernel allows resetting it (clear_refs), the kernel's own high-water mark (VmHWM) is
 * printed next to the sampled peak, so a spike between two samples cannot hide.
 * Every upload must answer 201 with the size that was sent; otherwise the script exits 1.
 * MB here is 1024 * 1024 bytes, as in the store's 10 MB limit.
 * Usage: npm run bench:uploads   (needs an existing build: npm run build)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { newGuestId } from '../../src/domain/guest.ts';
import { processMemory } from './process-memory.ts';
import { startBuiltServer } from './serve.ts';

const MB = 1024 * 1024;
const FILE_BYTES = 10 * MB;
const SINGLE_RUNS = 5;
const CONCURRENT = 10;
const CHUNK_BYTES = 64 * 1024;
const SAMPLE_MS = 20;
const IDLE_MS = 1000;
const PORT = 3198;

const root = path.resolve(import.meta.dirname, '..', '..');
if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) {
  console.error('bench:uploads needs the production build (build/server/index.js): run `npm run build` first.');
  process.exit(1);
}

// A valid MP4 to the store's content check (an `ftyp` box), then random bytes up to exactly 10 MB.
// One buffer serves every request: the client sends slices of it, so its own memory stays flat.
const MP4_HEADER = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);
const file = Buffer.concat([MP4_HEADER, randomBytes(FILE_BYTES - MP4_HEADER.length)]);

const server = await startBuiltServer(PORT, { TRUST_PROXY: 'loopback', ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'bench-admin-pass-1' });
const { origin, pid } = server;
const guestId = newGuestId();

let ip = 0;
/** Each upload from its own address, so the per-IP limit (30 a minute) stays on and out of the way. */
const nextAddress = () => {
  ip++;
  return `198.18.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
};

const failures: string[] = [];

/** One multipart request with one file, written in chunks as the socket takes them. */
function upload(index: number): Promise<number> {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const name = `bench-${index}.mp4`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`, 'latin1');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/api/uploads?sessionId=${guestId}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + file.length + tail.length, 'x-forwarded-for': nextAddress() },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const elapsed = performance.now() - started;
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          const body = JSON.parse(text) as { success?: boolean; files?: { name: string; size: number }[] };
          const sizes = body.files?.map((f) => f.size) ?? [];
          if (response.statusCode !== 201 || body.success !== true || sizes.length !== 1 || sizes[0] !== file.length) {
            reject(new Error(`${name}: answered ${response.statusCode} ${text.slice(0, 200)} (sent ${file.length} bytes)`));
          } else {
            resolve(elapsed);
          }
        } catch {
          reject(new Error(`${name}: answered ${response.statusCode} ${text.slice(0, 200)}`));
        }
      });
      response.on('error', reject);
    });
    request.on('error', (error) => reject(new Error(`${name}: ${error.message}`)));
    void (async () => {
      request.write(head);
      for (let offset = 0; offset < file.length && !request.destroyed; offset += CHUNK_BYTES) {
        if (!request.write(file.subarray(offset, offset + CHUNK_BYTES))) {
          await new Promise<void>((done) => {
            const go = () => { request.off('drain', go); request.off('close', go); done(); };
            request.on('drain', go);
            request.on('close', go);
          });
        }
      }
      request.end(tail);
    })();
  });
}

/** Runs an upload and keeps its failure instead of stopping the benchmark. */
const attempt = (index: number) => upload(index).catch((error: Error) => { failures.push(error.message); return null; });

const { rss, peakDuring } = processMemory(pid);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  const runStarted = performance.now();
  const started = rss();
  await attempt(0);
  await sleep(IDLE_MS);
  // At rest: the median of a few samples, so a stray allocation does not set it.
  const restSamples: number[] = [];
  for (let i = 0; i < 10; i++) {
    restSamples.push(rss());
    await sleep(SAMPLE_MS);
  }
  const rest = median(restSamples);

  const single = await peakDuring(async () => {
    const times: number[] = [];
    for (let i = 1; i <= SINGLE_RUNS; i++) {
      const time = await attempt(i);
      if (time !== null) times.push(time);
    }
    return times;
  });

  await sleep(IDLE_MS / 2);
  const concurrent = await peakDuring(async () => {
    const started = performance.now();
    const times = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => attempt(100 + i)));
    return { seconds: (performance.now() - started) / 1000, done: times.filter((t) => t !== null).length };
  });

  const singleMs = single.result.length ? median(single.result) : NaN;
  const singleRate = FILE_BYTES / MB / (singleMs / 1000);
  const aggregateRate = (concurrent.result.done * FILE_BYTES) / MB / concurrent.result.seconds;
  const kernel = (peak: number | null) => (peak === null ? '' : `, kernel high-water mark ${mb(peak)} MB`);
  const inFlight = CONCURRENT * FILE_BYTES;
  const growth = concurrent.peak - rest;

  console.log(`Uploads of ${mb(FILE_BYTES)} MB MP4 files to POST /api/uploads (guest, production build, embedded database, files on local disk)`);
  console.log(`  single upload: ${singleRate.toFixed(1)} MB/s (median of ${single.result.length}: ${singleMs.toFixed(0)} ms each, from first byte sent to answer read)`);
  console.log(`  ${CONCURRENT} at once: ${aggregateRate.toFixed(1)} MB/s in all (${concurrent.result.done} x ${mb(FILE_BYTES)} MB in ${concurrent.result.seconds.toFixed(2)} s)`);
  console.log(`  server RSS at rest (after a warm-up upload): ${mb(rest)} MB (${mb(started)} MB once started, before any upload)`);
  console.log(`  server peak RSS, single uploads: ${mb(single.peak)} MB (+${mb(single.peak - rest)} MB over rest; ${single.samples} samples${kernel(single.kernelPeak)})`);
  console.log(`  server peak RSS, ${CONCURRENT} at once: ${mb(concurrent.peak)} MB (+${mb(growth)} MB over rest; ${concurrent.samples} samples${kernel(concurrent.kernelPeak)})`);
  console.log(`  ${CONCURRENT} uploads in flight carry ${mb(inFlight)} MB; the server grew by ${mb(growth)} MB (${((growth / inFlight) * 100).toFixed(0)}% of it): ${growth < FILE_BYTES ? 'streamed, not held in memory' : 'grows with file size'}`);
  const uploads = 1 + SINGLE_RUNS + CONCURRENT;
  console.log(`  ${uploads - failures.length}/${uploads} uploads answered 201 with the size sent; run took ${((performance.now() - runStarted) / 1000).toFixed(1)} s`);
  for (const failure of failures) console.log(`  FAILED ${failure}`);
  process.exitCode = failures.length ? 1 : 0;
} finally {
  await server.stop();
}
