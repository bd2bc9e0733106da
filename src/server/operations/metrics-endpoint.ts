/**
 * Where the metrics are read (issue 36), absent unless configured: with METRICS_TOKEN, GET /metrics
 * on the store's own address with `Authorization: Bearer <token>` (401 otherwise); with
 * METRICS_HOST, on a listener of its own bound to that address and METRICS_PORT, which a firewall or
 * a private network keeps to the monitoring (the token is asked there too when set). Never
 * rate-limited or logged; every HTTP answer is counted on the way out.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../domain/contract/operations.ts';
import { DomainError } from '../../domain/errors.ts';
import type { StoreMetrics } from './metrics.ts';

export interface MetricsAccess {
  token?: string | undefined;
  host?: string | undefined;
  port: number;
}

/** Compares hashes, so neither the length nor the content of the token leaks through timing. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The route template an answer is counted under: pages are one series, unmatched requests another. */
function routeLabel(url: string | undefined): string {
  if (!url) return 'unmatched';
  return url === '*' || url === '/*' ? 'page' : url;
}

export function registerMetricsEndpoint(server: FastifyInstance, metrics: StoreMetrics, access: MetricsAccess): { address(): AddressInfo | null } {
  server.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, routeLabel(request.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (access.token && !access.host) {
    const app = server.withTypeProvider<ZodTypeProvider>();
    const token = access.token;
    app.get('/metrics', { schema: contract.metrics, logLevel: 'silent', config: { rateLimit: false } }, async (request, reply) => {
      if (!tokenMatches(request.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw new DomainError('UNAUTHENTICATED', { detail: 'metrics need their bearer token' });
      }
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(await metrics.render());
    });
  }

  let listener: http.Server | undefined;
  if (access.host) {
    const token = access.token;
    listener = http.createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
        return;
      }
      if (token && !tokenMatches(request.headers.authorization, token)) {
        response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
        return;
      }
      metrics.render().then(
        (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
        (error: unknown) => {
          server.log.error({ err: error }, 'metrics could not be rendered');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('error\n');
        },
      );
    });
    const opened = listener;
    server.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        opened.once('error', reject);
        opened.listen(access.port, access.host, () => { opened.off('error', reject); resolve(); });
      });
      server.log.info({ address: opened.address() }, 'metrics listening');
    });
    server.addHook('onClose', async () => {
      opened.closeAllConnections();
      await new Promise<void>((resolve) => opened.close(() => resolve()));
    });
  }
  return { address: () => (listener?.address() as AddressInfo | null) ?? null };
}
