/**
 * Server-rendered pages against a static file from the same server (issue "Fast pages and a lean
 * server"): requests per second and p50/p99 latency at 10 connections, compressed as a browser
 * asks (br, gzip), for /kr, /kr/templateshop and /kr/template/1, and the ratio of each page's rate
 * to the static file's. Targets: a page at least 10% of the static file's rate, p99 under 250 ms.
 * Also the server's CPU time per request, a figure that holds when other work slows the machine.
 *
 *   npm run build && npm run bench:pages [-- seconds]
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startBuiltServer } from './serve.ts';

/** CPU time (user + system) a process has used, in ms: per request it says what a page costs, whatever else the machine runs. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const SECONDS = Number(process.argv[2] ?? 10);
if (!Number.isInteger(SECONDS) || SECONDS < 1) throw new Error('usage: npm run bench:pages [-- seconds], a whole number of seconds');
const TARGET_SHARE = 0.1;
const TARGET_P99_MS = 250;
const CONNECTIONS = 10;
const PATHS = ['/favicon.svg', '/kr', '/kr/templateshop', '/kr/template/1'];

const server = await startBuiltServer(3193);
try {
  const rows: Array<{ path: string; rps: number; p50: number; p99: number; errors: number; cpuPerRequest: number }> = [];
  for (const path of PATHS) {
    // A short warm-up so the first requests' module loading and JIT are not measured.
    await autocannon({ url: `${server.origin}${path}`, connections: 2, duration: 2, headers: { 'accept-encoding': 'br, gzip' } });
    const cpuBefore = cpuMs(server.pid);
    const result = await autocannon({ url: `${server.origin}${path}`, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'br, gzip' } });
    const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / result.requests.total;
    rows.push({ path, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuPerRequest });
  }
  const reference = rows[0]!.rps;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, accept-encoding: br, gzip`);
  console.log('path                 req/s    p50 ms   p99 ms   of static   errors   server CPU ms/request');
  for (const row of rows) {
    // Exit status 1 when a page misses its targets or any request failed, as bench:js does.
    if (row.errors > 0 || (row !== rows[0] && (row.rps < TARGET_SHARE * reference || row.p99 >= TARGET_P99_MS))) process.exitCode = 1;
    console.log(`${row.path.padEnd(20)} ${row.rps.toFixed(0).padStart(6)}  ${String(row.p50).padStart(7)}  ${String(row.p99).padStart(7)}   ${((100 * row.rps) / reference).toFixed(1).padStart(6)}%   ${String(row.errors).padStart(6)}   ${row.cpuPerRequest.toFixed(2).padStart(8)}`);
  }
} finally {
  await server.stop();
}
