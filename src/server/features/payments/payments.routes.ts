/**
 * Payment endpoints: POST /api/confirm (SPEC section 7), the settings the payment page needs, and
 * the sandbox provider's approval step.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../domain/errors.ts';
import { ORDER_NUMBER_PATTERN } from '../../../domain/orders.ts';
import { confirmPaymentSchema } from '../../../domain/validation/orders.ts';
import type { Database } from '../../db/client.ts';
import { fieldErrors } from '../../../domain/validation/schema-helpers.ts';
import { findOrderByNumber } from '../orders/orders.service.ts';
import type { PaymentsService } from './payments.service.ts';
import { SANDBOX_CARDS, type SandboxCard } from './providers/sandbox.ts';

const sandboxSchema = z.object({
  orderId: z.string().regex(ORDER_NUMBER_PATTERN),
  card: z.enum(Object.keys(SANDBOX_CARDS) as [SandboxCard, ...SandboxCard[]]),
});

export function registerPaymentRoutes(app: FastifyInstance, db: Database, payments: PaymentsService): void {
  // SPEC's static return pages: on to the store's own success and fail pages, query and all.
  for (const [file, page] of [['/payment-success.html', 'success'], ['/payment-fail.html', 'fail']] as const) {
    app.get(file, async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('cache-control', 'no-store').redirect(`/${request.store.country}/payment/${page}${query}`, 302);
    });
  }

  app.get('/api/payments/settings', async () => ({ success: true, ...payments.settings() }));

  app.post('/api/confirm', {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = ['orderId', 'amount', 'paymentKey'].filter((k) => body[k] === undefined || body[k] === null || body[k] === '');
    if (missing.length) throw new DomainError('MISSING_PARAMETERS', { detail: missing.join(',') });
    const parsed = confirmPaymentSchema.safeParse(body);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', { fields: fieldErrors(parsed.error) });
    const order = await payments.confirm(parsed.data);
    return { success: true, orderId: order.orderNumber, status: order.status, amount: order.amountMinor, currency: order.currency };
  });

  /** The sandbox page's "pay" button: approve with a test card, or say how it was declined. */
  app.post('/api/payments/sandbox/authorize', async (request) => {
    if (!payments.sandbox) throw new DomainError('NOT_FOUND');
    const parsed = sandboxSchema.safeParse(request.body);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', { fields: fieldErrors(parsed.error) });
    const order = await findOrderByNumber(db, parsed.data.orderId);
    if (!order) throw new DomainError('NOT_FOUND');
    if (order.status !== 'pending') throw new DomainError('ORDER_NOT_PAYABLE');
    // Declined in the page, as a card company would: the page goes on to the fail URL.
    if (parsed.data.card === 'declined') throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxDeclined', detail: 'sandbox: declined card' });
    const paymentKey = payments.sandbox.authorize(order.orderNumber, order.amountMinor, parsed.data.card);
    return { success: true, paymentKey, orderId: order.orderNumber, amount: order.amountMinor };
  });
}
