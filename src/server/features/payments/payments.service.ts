/**
 * Payments as the API and the pages use them: the store's payment choices, starting an attempt,
 * confirming a return, receiving webhooks, and the provider that refunds an order. A newly paid
 * order's mails are queued with the payment (mail_outbox) and the mail worker is nudged to send
 * them; they never delay the answer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CountryCode } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { Accessor } from '../../../domain/order-access.ts';
import type { PaymentSettings } from '../../../domain/contract/payments.ts';
import type { ProviderName } from '../../../domain/payments.ts';
import type { Database } from '../../db/client.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import { confirmReturn, type ConfirmInput } from './confirm.service.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { createReturnRefs } from './return-refs.ts';
import type { PaymentRegistry } from './providers/index.ts';
import type { PaymentProvider } from './providers/provider.ts';
import type { SettleOutcome } from './settle.service.ts';
import { startPayment, type StartInput } from './start.service.ts';
import { reconcileAttempt, reconcilePayments, type ReconcileOptions } from './reconcile.service.ts';
import { alertStuckMoney } from './stuck-money.ts';
import { OPEN_ATTEMPT_STATUSES } from '../../../domain/payments.ts';
import { paymentAttempts } from '../../db/schema.ts';
import { and, inArray } from 'drizzle-orm';
import { receiveWebhook } from './webhooks.service.ts';

interface PaymentsServiceOptions {
  db: Database;
  registry: PaymentRegistry;
  /** PUBLIC_URL: the only origin of return addresses (D24). */
  origin: string;
  mailWorker: MailWorker;
  log: FastifyBaseLogger;
  /** Payment returns count against one allowance per client and per order, in Redis when it is there. */
  limits: RateLimits;
  /** The server's secret: Toss's return references are signed with it. */
  secret: string;
}

/** Who brings a payer's return: what they may do to orders, and the client address the limits count. */
export interface ReturnFrom {
  accessor: Accessor;
  client: string;
}

export function createPaymentsService({ db, registry, origin, mailWorker, log, limits, secret }: PaymentsServiceOptions) {
  const refs = createReturnRefs(secret);
  function paid(outcome: SettleOutcome): SettleOutcome {
    if (outcome.kind === 'paid' && outcome.newlyPaid) {
      log.info({ orderId: outcome.order.id, amount: outcome.order.amountMinor, currency: outcome.order.currency, provider: outcome.order.paymentProvider }, 'payment confirmed');
      mailWorker.nudge();
    }
    return outcome;
  }

  return {
    registry,
    sandbox: registry.sandbox,
    settings(country: CountryCode): PaymentSettings {
      const choices = registry.choicesFor(country).map(({ choice, provider }) => ({ choice, provider: provider.name, test: provider.status().test }));
      const toss = registry.choicesFor(country).find((c) => c.provider.name === 'toss');
      return { choices, tossClientKey: toss?.provider.status().publicKey ?? null, test: choices.some((c) => c.test) };
    },
    start: (accessor: Accessor, input: StartInput) => startPayment(db, registry, origin, accessor, input, refs),
    /**
     * A payer's return (POST /api/confirm, the success page): counted per client first, whoever
     * asks, and per order once it is known to be the payer's, so that someone who only knows an
     * order number cannot use up its payer's allowance.
     */
    async confirm(input: ConfirmInput, from: ReturnFrom) {
      await limits.consume('confirmPerIp', from.client);
      const admitted = () => limits.consume('confirmPerOrder', input.orderId);
      return paid(await confirmReturn(db, registry, input, { accessor: from.accessor, refs, admitted }));
    },
    async webhook(name: ProviderName, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
      const outcome = await receiveWebhook(db, registry, name, rawBody, headers);
      if (outcome.kind === 'settled') paid(outcome.outcome);
      log.info({ provider: name, event: outcome.eventId, type: outcome.type, outcome: outcome.kind }, 'payment webhook');
      return outcome;
    },
    /** One pass of the reconciler (D32); resolves to how many attempts and refunds it settled. */
    async reconcile(options: ReconcileOptions = {}) {
      const report = await reconcilePayments(db, registry, {
        // One row that fails for a fault of ours is logged and asked about again next pass; the others go on.
        onError: (error, row) => log.error({ err: error, ...row }, 'payment reconcile failed for one row'),
        ...options,
      });
      report.paid.forEach(paid);
      // What is still not known after an hour, or was refused, is staff's to look at: mailed once each.
      const alerted = await alertStuckMoney(db);
      if (alerted > 0) mailWorker.nudge();
      if (report.settled + report.refunds + alerted > 0) log.info({ settled: report.settled, refunds: report.refunds, paid: report.paid.length, alerted }, 'payments reconciled');
      return report.settled + report.refunds;
    },
    /**
     * Before unpaid orders expire: their open attempts are asked about now, and one the provider
     * still shows open is given up (nothing was taken), so an order is cancelled only on the
     * provider's word and one paid meanwhile is paid, not cancelled and refunded.
     */
    async settleOpenAttempts(orderIds: string[]) {
      if (orderIds.length === 0) return;
      const open = await db.select().from(paymentAttempts).where(and(inArray(paymentAttempts.orderId, orderIds), inArray(paymentAttempts.status, [...OPEN_ATTEMPT_STATUSES])));
      for (const attempt of open) {
        try {
          const outcome = await reconcileAttempt(db, registry, attempt, { abandonAfterMs: 0 });
          if (outcome && outcome !== 'changed') paid(outcome);
        } catch (error) {
          // Its order stays unexpired while the attempt is open (processing, unknown); the others go on.
          log.error({ err: error, attemptId: attempt.id }, 'payment check before expiry failed for one attempt');
        }
      }
    },
    /** The provider that took an order's payment: refunds go back through it. */
    providerOf(name: string | null): PaymentProvider {
      const provider = registry.byName(name);
      if (!provider) throw new DomainError('CANCEL_NOT_ALLOWED', { detail: `no provider ${name ?? '(none)'} to refund through` });
      return provider;
    },
    /** The provider by name, if the store has it (a cash receipt goes through the one that took the payment). */
    providerNamed: (name: string | null): PaymentProvider | undefined => registry.byName(name),
    /** Every provider in use and its state, for the staff settings tab. */
    async statuses() {
      return Promise.all(registry.all().map(async (provider) => ({ ...provider.status(), reachable: await provider.reachable() })));
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
