/**
 * Helmet's security headers on every answer (its Content-Security-Policy excepted: pages set
 * their own with a nonce, src/web/entry.server.tsx; the API reference has its own too).
 *
 * Helmet's headers do not depend on the request, so its middleware runs once, at start, against a
 * recorder, and each answer gets the recorded set. @fastify/helmet built helmet's middleware anew
 * for every request in an async hook, and the headers then went out one `setHeader` each: about a
 * tenth of what an order allocated (issue 17's order path). Set first thing for every request
 * (hardening.ts), before any check can refuse it, so a refused answer carries them too; a route
 * that sets one of them itself sets it later and so has its way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = ReadonlyArray<readonly [name: string, value: string]>;

/** The headers helmet's middleware writes with these options, lower-cased, in its order. */
export function helmetHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Sets the headers on an answer (an indexed loop: no iterator per request). */
export function setSecurityHeaders(reply: FastifyReply, headers: SecurityHeaders): void {
  for (let i = 0; i < headers.length; i++) reply.header(headers[i]![0], headers[i]![1]);
}
