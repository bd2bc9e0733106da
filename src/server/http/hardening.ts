/**
 * Small HTTP rules every answer follows: a Host header that cannot be a host is refused (400)
 * before anything tries to build a URL from it, and API answers are never stored by a cache
 * (they carry sessions, profiles and orders).
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.ts';
import { isApiUrl } from './store.ts';

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export function isValidHost(host: string | undefined): boolean {
  if (!host) return true;
  const match = HOST.exec(host);
  return Boolean(match) && (match![1] === undefined || Number(match![1]) <= 65535);
}

export function registerHardening(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isValidHost(request.headers.host)) throw new DomainError('BAD_REQUEST', { detail: 'malformed Host header' });
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
