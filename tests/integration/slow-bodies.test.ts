/**
 * Issue 32, item 6: a JSON body sent a byte at a time was never cut off (50 sockets were still open
 * after 150 s). Now any body but an upload's must arrive whole within BODY_TIMEOUT_MS: 408 in the
 * request's language, the connection closed, nothing stored.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';

/** Sends the head and the first bytes of a body it promises to be longer, then nothing more; resolves with what came back and when. */
function trickle(port: number, path: string, language: string): Promise<{ status: number; text: string; ms: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data) => {
      received += data;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(received.slice(9, 12)) || 0, text: received, ms: Date.now() - started, closed: true }));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\nAccept-Language: ${language}\r\nX-Store-Country: kr\r\n\r\n{"customerName":"`);
    // A byte now and then, never the whole body.
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    socket.on('close', () => clearInterval(drip));
  });
}

describe.each(BACKENDS)('a slowly sent body (%s)', (backend) => {
  const server = useTestServer(backend, { BODY_TIMEOUT_MS: '600' });
  let port = 0;
  beforeAll(async () => {
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    port = (server().app.server.address() as AddressInfo).port;
  });

  it('is cut off with 408 in the caller\'s language once the body deadline passes, the connection closed and nothing stored', async () => {
    const [before] = await server().database.db.select({ n: count() }).from(orders);
    const answer = await trickle(port, '/api/orders', 'ko');
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('"code":"REQUEST_TIMEOUT"');
    expect(answer.text).toContain('요청이 너무 늦게 도착해 중단되었습니다.');
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(550);
    expect(answer.ms).toBeLessThan(5000);
    const [after] = await server().database.db.select({ n: count() }).from(orders);
    expect(after).toEqual(before);
  });

  it('leaves a body that arrives in time alone', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-store-country': 'us' }, body: JSON.stringify({ name: 'Tanaka', email: 'tanaka@example.com', service: 'basic', message: 'Hello there, a question.' }) });
    expect(response.status).toBe(201);
  });
});
