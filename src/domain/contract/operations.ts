/**
 * What an operator's load balancer and monitoring ask (issue 36): whether the process answers,
 * whether this instance can take traffic, and (when configured) its metrics. Outside /api: plain,
 * fast, never rate-limited or logged.
 */
import { z } from 'zod';
import { errorAnswers, readByRoute, route } from './http.ts';

/** `not checked`: the instance is shutting down, or what it depends on failed first. */
const CHECK_STATES = ['ok', 'failed', 'not configured', 'not checked'] as const;

export const readinessSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ready', 'not ready', 'shutting down']).describe('`shutting down`: this instance finishes what it has and takes nothing new; send traffic elsewhere.'),
  checks: z.object({
    database: z.enum(CHECK_STATES).describe('The database answered a query within two seconds.'),
    migrations: z.enum(CHECK_STATES).describe("The database's schema is the one this build expects (its last migration is applied)."),
    redis: z.enum(CHECK_STATES).describe('Redis answered a PING (only when REDIS_URL is set).'),
  }),
}).meta({ id: 'Readiness' });

export const liveness = route({
  operationId: 'liveness',
  summary: 'The process answers (liveness)', tags: ['operations'],
  description: 'Touches nothing else (no database): a failure means the process is stuck or gone. Not rate-limited, not logged.',
  response: { 200: z.object({ success: z.literal(true), status: z.literal('ok') }) },
});

export const readiness = route({
  operationId: 'readiness',
  summary: 'This instance can take traffic (readiness)', tags: ['operations'],
  description: 'The database answers, its migrations are applied, Redis answers when configured, and the process is not shutting down (SIGTERM turns it to 503 first). Not rate-limited, not logged.',
  response: { 200: readinessSchema, 503: readinessSchema },
});

export const metrics = route({
  operationId: 'metrics',
  summary: 'Metrics (Prometheus text format)', tags: ['operations'], security: [{ bearer: [] }],
  description: "Here only when METRICS_TOKEN is set (with METRICS_HOST they are served on an address of their own instead). HTTP answers by route and status, webhooks by outcome, job passes, open event streams and the process's figures are this instance's; orders, payment attempts, refunds, money stuck, the mail outbox and uploads are the store's, read from the database (take `max` across instances). Not rate-limited, not logged.",
  produces: ['text/plain'],
  response: { 200: readByRoute(z.any().meta({ type: 'string', description: 'The Prometheus text exposition format, version 0.0.4.' })), ...errorAnswers(401) },
});
