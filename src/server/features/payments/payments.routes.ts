/**
 * Payment endpoints: POST /api/confirm (SPEC section 7), the settings the payment page needs, and
 * the sandbox provider's approval step. Confirmation mail goes out after the answer.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../domain/errors.ts';
import { confirmPaymentSchema } from '../../../domain/validation/orders.ts';
import type { Database } from '../../db/client.ts';
import { afterResponse } from '../../http/after-response.ts';
import { fieldErrors } from '../../../domain/validation/schema-helpers.ts';
import { findOrderByNumber } from '../orders/orders.service.ts';
import { confirmPayment } from './confirm.service.ts';
import type { Payments } from './providers/index.ts';
import { SANDBOX_CARDS, type SandboxCard } from './providers/sandbox.ts';

const sandboxSchema = z.object({
  orderId: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
  card: z.enum(Object.keys(SANDBOX_CARDS) as [SandboxCard, ...SandboxCard[]]),
});

export interface PaymentRoutesOptions {
  db: Database;
  payments: Payments;
  /** Called once an order is newly paid (the confirmation e-mail); runs after the answer. */
  onPaid: (orderNumber: string) => Promise<void>;
}

export function registerPaymentRoutes(app: FastifyInstance, { db, payments, onPaid }: PaymentRoutesOptions): void {
  app.get('/api/payments/settings', async () => ({ success: true, ...payments.provider.clientSettings() }));

  app.post('/api/confirm', {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = ['orderId', 'amount', 'paymentKey'].filter((k) => body[k] === undefined || body[k] === null || body[k] === '');
    if (missing.length) throw new DomainError('MISSING_PARAMETERS', { detail: missing.join(',') });
    const parsed = confirmPaymentSchema.safeParse(body);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', { fields: fieldErrors(parsed.error) });
    const { order, newlyPaid } = await confirmPayment(db, payments.provider, parsed.data);
    if (newlyPaid) {
      request.log.info({ orderId: order.id, amount: order.amountMinor }, 'payment confirmed');
      afterResponse(request, reply, 'order confirmation mail', () => onPaid(order.orderNumber));
    }
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
