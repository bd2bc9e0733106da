/**
 * Small HTTP rules every answer follows: a Host header that cannot be a host is refused (400)
 * before anything tries to build a URL from it, a page asked with a method pages do not take is a
 * 405, API answers are never stored by a cache (they carry sessions, profiles and orders), and
 * every answer names its request id (x-request-id), which the logs carry too, and carries the
 * security headers (security-headers.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.ts';
import { setSecurityHeaders, type SecurityHeaders } from './security-headers.ts';
import { onPageRequest } from './page-hooks.ts';
import { isApiUrl } from './store.ts';

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

function isValidHost(host: string | undefined): boolean {
  if (!host) return true;
  const match = HOST.exec(host);
  return Boolean(match) && (match![1] === undefined || Number(match![1]) <= 65535);
}

/**
 * The methods pages take: documents and React Router's data requests are GET (HEAD alike). No
 * route module exports an action, so none takes POST (tests/integration/page-methods.test.ts
 * checks that; the first action adds POST here).
 */
const PAGE_METHODS: readonly string[] = ['GET', 'HEAD'];

/** TRACE, TRACK and CONNECT cannot even become the Fetch request the page adapter builds (it was a 500). */
function pageMethodsOnly(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
  if (PAGE_METHODS.includes(request.method)) return done();
  reply.header('allow', PAGE_METHODS.join(', '));
  done(new DomainError('METHOD_NOT_ALLOWED', { detail: `${request.method} on a page` }));
}

export function registerHardening(app: FastifyInstance, securityHeaders: SecurityHeaders): void {
  // Hooks that run for every request take a callback, not an async function: no promise and no
  // microtask per request and hook (issue 17's order path).
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply, securityHeaders);
    if (!isValidHost(request.headers.host)) return done(new DomainError('BAD_REQUEST', { detail: 'malformed Host header' }));
    // No route at all outside the API (a method the catch-all is not registered for, such as
    // CONNECT) is a page request too.
    if (request.is404 && !isApiUrl(request.url)) return pageMethodsOnly(request, reply, done);
    done();
  });
  onPageRequest(app, pageMethodsOnly);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
