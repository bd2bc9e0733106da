/**
 * Payments as the API and the pages use them: which provider the payment page talks to, and
 * confirming a payment. The confirmation mail is queued with the payment (mail_outbox) and the
 * mail worker is nudged to send it; it never delays the answer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { confirmPayment, type ConfirmInput } from './confirm.service.ts';
import type { Payments } from './providers/index.ts';

export interface PaymentsServiceOptions {
  db: Database;
  payments: Payments;
  mailWorker: MailWorker;
  log: FastifyBaseLogger;
}

export function createPaymentsService({ db, payments, mailWorker, log }: PaymentsServiceOptions) {
  return {
    provider: payments.provider,
    sandbox: payments.sandbox,
    settings: () => payments.provider.clientSettings(),
    async confirm(input: ConfirmInput): Promise<OrderRow> {
      const { order, newlyPaid } = await confirmPayment(db, payments.provider, input);
      if (newlyPaid) {
        log.info({ orderId: order.id, amount: order.amountMinor, provider: payments.provider.name }, 'payment confirmed');
        mailWorker.nudge();
      }
      return order;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
