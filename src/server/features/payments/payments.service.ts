/**
 * Payments as the API and the pages use them: which provider the payment page talks to, and
 * confirming a payment, after which the customer is mailed (the mail never delays the answer).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { orderPaidMail } from '../orders/order-mails.ts';
import { withOrderDetails, type OrderRow } from '../orders/orders.service.ts';
import { confirmPayment, type ConfirmInput } from './confirm.service.ts';
import type { Payments } from './providers/index.ts';

export interface PaymentsServiceOptions {
  db: Database;
  payments: Payments;
  mailer: Mailer;
  origin: string;
  log: FastifyBaseLogger;
}

export function createPaymentsService({ db, payments, mailer, origin, log }: PaymentsServiceOptions) {
  async function mailPaid(order: OrderRow) {
    const [details] = await withOrderDetails(db, [order]);
    if (details) await mailer.send(orderPaidMail(details, origin));
  }
  return {
    provider: payments.provider,
    sandbox: payments.sandbox,
    settings: () => payments.provider.clientSettings(),
    async confirm(input: ConfirmInput): Promise<OrderRow> {
      const { order, newlyPaid } = await confirmPayment(db, payments.provider, input);
      if (newlyPaid) {
        log.info({ orderId: order.id, amount: order.amountMinor, provider: payments.provider.name }, 'payment confirmed');
        setImmediate(() => {
          mailPaid(order).catch((error: unknown) => log.error({ err: error, orderId: order.id }, 'order confirmation mail failed'));
        });
      }
      return order;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
