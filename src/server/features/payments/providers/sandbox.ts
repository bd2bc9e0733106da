/**
 * The built-in sandbox provider (no network): the payment page lets the visitor pick a test card
 * and approve or decline; an approval is a payment key signed by the server that carries the order,
 * the amount and the card. Confirming checks the signature and answers as a provider would, so the
 * whole flow (success and fail pages, confirm, amount checks) runs exactly as with Toss.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../../domain/errors.ts';
import type { ApprovedPayment, CancelRequest, ConfirmRequest, PaymentProvider } from './provider.ts';

/** Test cards of the sandbox page (the numbers Stripe-style sandboxes use, so people recognise them). */
export const SANDBOX_CARDS = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Approved in the page, refused when the server confirms it (as a card company may). */
  rejectedAtConfirm: '4000 0000 0000 0069',
} as const;
export type SandboxCard = keyof typeof SANDBOX_CARDS;

/** What a sandbox payment key carries, compactly (Toss keys are at most 200 characters too). */
interface SandboxClaims {
  orderId: string;
  amount: number;
  card: SandboxCard;
  /** Approval time, epoch seconds. */
  at: number;
  nonce: string;
}

export function createSandboxProvider(secret: string): PaymentProvider & {
  authorize(orderId: string, amount: number, card: SandboxCard): string;
} {
  const sign = (body: string) => createHmac('sha256', `sandbox-payments:${secret}`).update(body).digest('base64url');

  function parse(paymentKey: string): SandboxClaims | null {
    const [prefix, body, signature] = paymentKey.split('.');
    if (prefix !== 'sbx' || !body || !signature) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const [orderId, amount, card, at, nonce] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [string, number, SandboxCard, number, string];
      return { orderId, amount, card, at, nonce };
    } catch {
      return null;
    }
  }

  return {
    name: 'sandbox',
    clientSettings: () => ({ provider: 'sandbox', clientKey: null, test: true }),
    reachable: async () => true,

    /** The page's "pay" step: a declined card never gets a key (the page goes to the fail URL). */
    authorize(orderId, amount, card) {
      const claims = [orderId, amount, card, Math.floor(Date.now() / 1000), randomBytes(6).toString('base64url')];
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `sbx.${body}.${sign(body)}`;
    },

    async confirm(request: ConfirmRequest): Promise<ApprovedPayment> {
      const claims = parse(request.paymentKey);
      if (!claims || claims.orderId !== request.orderId) {
        throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxUnknown', detail: 'sandbox: unknown payment key' });
      }
      if (claims.card === 'rejectedAtConfirm') {
        throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxRejected', detail: 'sandbox: card rejected at confirm' });
      }
      return {
        paymentKey: request.paymentKey,
        orderId: claims.orderId,
        totalAmount: claims.amount,
        method: 'sandbox card',
        approvedAt: new Date(claims.at * 1000),
        receiptUrl: null,
      };
    },

    async cancel(request: CancelRequest): Promise<void> {
      if (!parse(request.paymentKey)) throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxUnknown', detail: 'sandbox: unknown payment key' });
    },
  };
}
