/**
 * Payment endpoints: the store's payment choices, POST /api/payments/start, POST /api/confirm
 * (SPEC section 7, also by Stripe's and PayPal's references), the providers' webhooks (raw bodies,
 * verified by the provider), and the sandbox's approval step. Rules live in the services.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/payments.ts';
import { DomainError } from '../../../domain/errors.ts';
import { paypalConfirmSchema, stripeConfirmSchema, widgetConfirmSchema } from '../../../domain/validation/payments.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import type { StoreMetrics } from '../../operations/metrics.ts';
import { requestAccessor } from '../../http/accessor.ts';
import { parseBody } from '../../http/validate.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { orderFor } from '../orders/order-access.ts';
import type { PaymentsService } from './payments.service.ts';

/** The confirm body by its shape: Stripe's or PayPal's reference, else SPEC's Toss fields (all three required). */
function confirmInput(body: Record<string, unknown>) {
  if (body.provider === 'stripe') return parseBody(stripeConfirmSchema, body);
  if (body.provider === 'paypal') return parseBody(paypalConfirmSchema, body);
  const missing = ['orderId', 'amount', 'paymentKey'].filter((k) => body[k] === undefined || body[k] === null || body[k] === '');
  if (missing.length) throw new DomainError('MISSING_PARAMETERS', { detail: missing.join(',') });
  return parseBody(widgetConfirmSchema, body);
}

export function registerPaymentRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; links: OrderLinks; payments: PaymentsService; metrics?: Pick<StoreMetrics, 'webhook'> | undefined }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, links, payments } = deps;
  // SPEC's static return pages: on to the store's own success and fail pages, query and all.
  for (const [file, page] of [['/payment-success.html', 'success'], ['/payment-fail.html', 'fail']] as const) {
    app.get(file, { schema: contract.returnPage(page) }, async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('cache-control', 'no-store').redirect(`/${request.store.country}/payment/${page}${query}`, 302);
    });
  }

  /** The store's payment choices (SPEC's names, in SPEC's order) and whether they take real money. */
  app.get('/api/payments/settings', { schema: contract.settings }, async (request) => ({ success: true as const, country: request.store.country, ...payments.settings(request.store.country) }));

  app.post('/api/payments/start', {
    schema: contract.start,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request) => {
    const input = request.body;
    const accessor = await requestAccessor(auth, links, request, { guestId: input.sessionId, orderNumber: input.orderId, orderKey: input.orderKey });
    const started = await payments.start(accessor, input);
    request.log.info({ provider: input.provider, kind: 'redirectUrl' in started ? 'redirect' : 'widget' }, 'payment started');
    return { success: true as const, ...started };
  });

  // Counted per client and per order by the payments service, together with the success page's confirms.
  app.post('/api/confirm', { schema: contract.confirm }, async (request, reply) => {
    const input = confirmInput((request.body ?? {}) as Record<string, unknown>);
    const accessor = await requestAccessor(auth, links, request, { guestId: input.sessionId, orderNumber: input.orderId, orderKey: input.orderKey }, { anonymous: true });
    const outcome = await payments.confirm(input, { accessor, client: request.ip });
    const { order } = outcome;
    // A delayed method (Alipay, WeChat Pay) accepted but not yet settled: 202, the webhook will say more.
    return reply.status(outcome.kind === 'processing' ? 202 : 200).send({
      success: true as const, orderId: order.orderNumber, status: outcome.kind === 'processing' ? 'processing' : order.status, amount: order.amountMinor, currency: order.currency,
    });
  });

  // Webhooks are read as raw bytes: the signature covers them exactly as sent.
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const provider of ['stripe', 'paypal'] as const) {
      // Generous for a provider's bursts, in the way of a flood of bogus events (each PayPal one costs a verification call).
      scope.post(`/api/webhooks/${provider}`, { schema: contract.webhook(provider), config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let outcome: Awaited<ReturnType<PaymentsService['webhook']>>;
        try {
          outcome = await payments.webhook(provider, body, request.headers);
        } catch (error) {
          // A bad signature or body is refused; anything else failed (the provider sends it again).
          deps.metrics?.webhook(provider, error instanceof DomainError ? 'refused' : 'failed');
          throw error;
        }
        deps.metrics?.webhook(provider, outcome.kind);
        return { received: true as const, outcome: outcome.kind };
      });
    }
  });

  /**
   * The sandbox page's "pay" button: approve with a test card, or say how it was declined. Only for
   * whoever may pay the order (its owner or its private link): a number alone is no approval.
   */
  app.post('/api/payments/sandbox/authorize', {
    schema: contract.sandboxAuthorize,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    preValidation: async () => { if (!payments.sandbox) throw new DomainError('NOT_FOUND'); },
  }, async (request) => {
    if (!payments.sandbox) throw new DomainError('NOT_FOUND');
    const parsed = request.body;
    const accessor = await requestAccessor(auth, links, request, { guestId: parsed.sessionId, orderNumber: parsed.orderId, orderKey: parsed.orderKey });
    const order = await orderFor(db, accessor, parsed.orderId, 'pay');
    if (order.status !== 'pending') throw new DomainError('ORDER_NOT_PAYABLE');
    // Declined in the page, as a card company would: the page goes on to the fail URL.
    if (parsed.card === 'declined') throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxDeclined', detail: 'sandbox: declined card' });
    const paymentKey = payments.sandbox.authorize(order.orderNumber, order.amountMinor, parsed.card, order.currency);
    return { success: true as const, paymentKey, orderId: order.orderNumber, amount: order.amountMinor };
  });
}
