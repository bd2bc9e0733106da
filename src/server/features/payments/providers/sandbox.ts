/**
 * The built-in sandbox provider (no network, D29): it stands in for any provider whose keys are
 * not set, with the same page flow. The payer picks a test card in our page (or, standing in for
 * PayPal, approves on a PayPal-like page of the sandbox's own); starting the payment
 * "approves" it at once and sends the payer to the success page with a payment key signed by the
 * server that carries the order, the amount, the currency and the card (or to the fail page for
 * the declined card). Confirming checks the signature and answers as a provider would, so the whole
 * flow (return pages, confirm, amount checks, refunds) runs exactly as with a real provider.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../../domain/errors.ts';
import { SANDBOX_CARD_CHOICES, type SandboxCardChoice } from '../../../../domain/payments.ts';
import type { CashReceiptRequest, CashReceiptWord, ConfirmRequest, PaymentProvider, ProviderWord, RefundRequest, StartRequest, StartedPayment } from './provider.ts';

/** The sandbox's test cards (domain/payments.ts): what the page offers and what a key carries. */
export type SandboxCard = SandboxCardChoice;

const isSandboxCard = (value: unknown): value is SandboxCard => typeof value === 'string' && (SANDBOX_CARD_CHOICES as readonly string[]).includes(value);

/** What a sandbox payment key carries, compactly (Toss keys are at most 200 characters too). */
interface SandboxClaims {
  orderId: string;
  amount: number;
  card: SandboxCard;
  /** Approval time, epoch seconds. */
  at: number;
  nonce: string;
  currency: string;
  /** The provider the sandbox stands in for when it has its own page (PayPal's approval), else a card. */
  method: 'card' | 'paypal';
}

/** The page's query for a return with a sandbox approval (SPEC's success parameters). */
function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
  return target.toString();
}

/** How the sandbox says a payment was made: PayPal's page, a test transfer (paid in cash), else a test card. */
const sandboxMethod = (claims: SandboxClaims) => (claims.method === 'paypal' ? 'paypal' : claims.card === 'transfer' ? 'sandbox transfer' : 'sandbox card');

export type SandboxProvider = PaymentProvider & {
  authorize(orderId: string, amount: number, card: SandboxCard, currency?: string, method?: 'card' | 'paypal'): string;
  /** What a key the server signed asks the payer to approve on the sandbox's PayPal page; null for any other. */
  approval(paymentKey: string): { orderId: string; amount: number; currency: string } | null;
  /** Whether the server signed this key for this order: a return that carries it came from our own page. */
  signedFor(paymentKey: string, orderNumber: string): boolean;
};

export function createSandboxProvider(secret: string): SandboxProvider {
  const sign = (body: string) => createHmac('sha256', `sandbox-payments:${secret}`).update(body).digest('base64url');

  function parse(paymentKey: string): SandboxClaims | null {
    const [prefix, body, signature] = paymentKey.split('.');
    if (prefix !== 'sbx' || !body || !signature) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const [orderId, amount, card, at, nonce, currency = 'KRW', method = 'card'] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [string, number, SandboxCard, number, string, string?, ('card' | 'paypal')?];
      return { orderId, amount, card, at, nonce, currency, method };
    } catch {
      return null;
    }
  }

  const unknownKey = () => new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxUnknown', detail: 'sandbox: unknown payment key' });

  const provider: SandboxProvider = {
    name: 'sandbox',
    status: () => ({ name: 'sandbox', configured: false, test: true, webhookReady: null }),
    reachable: async () => true,

    signedFor: (paymentKey, orderNumber) => parse(paymentKey)?.orderId === orderNumber,

    /** The page's "pay" step: a declined card never gets a key (the page goes to the fail URL). */
    authorize(orderId, amount, card, currency = 'KRW', method = 'card') {
      const claims = [orderId, amount, card, Math.floor(Date.now() / 1000), randomBytes(6).toString('base64url'), currency, ...(method === 'card' ? [] : [method])];
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `sbx.${body}.${sign(body)}`;
    },

    approval(paymentKey) {
      const claims = parse(paymentKey);
      return claims && claims.method === 'paypal' ? { orderId: claims.orderId, amount: claims.amount, currency: claims.currency } : null;
    },

    async start(request: StartRequest): Promise<StartedPayment> {
      const { orderNumber, amountMinor, currency } = request.order;
      if (request.method === 'paypal') {
        // PayPal's shape (issue 33, item 22): an approval page of its own instead of test cards,
        // where the payer approves or cancels; our success or fail page follows, as from PayPal.
        const reference = provider.authorize(orderNumber, amountMinor, 'approved', currency, 'paypal');
        const approve = new URL(withQuery(request.returnUrl, { paymentKey: reference, amount: String(amountMinor) }));
        approve.pathname = approve.pathname.replace(/\/payment\/success$/, '/payment/sandbox-paypal');
        return { kind: 'redirect', reference, redirectUrl: approve.toString() };
      }
      const card = isSandboxCard(request.testCard) ? request.testCard : 'approved';
      const reference = provider.authorize(orderNumber, amountMinor, card, currency);
      // Declined "in the page", as a card company's decline comes back from a provider's window.
      if (card === 'declined') return { kind: 'redirect', reference, redirectUrl: withQuery(request.failUrl, { code: 'REJECT_CARD_COMPANY', orderId: orderNumber }) };
      return { kind: 'redirect', reference, redirectUrl: withQuery(request.returnUrl, { paymentKey: reference, amount: String(amountMinor) }) };
    },

    async confirm(request: ConfirmRequest): Promise<ProviderWord> {
      const claims = parse(request.reference);
      if (!claims || claims.orderId !== request.orderNumber) throw unknownKey();
      if (claims.card === 'declined') throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxDeclined', detail: 'sandbox: declined card' });
      if (claims.card === 'rejectedAtConfirm') {
        throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.sandboxRejected', detail: 'sandbox: card rejected at confirm' });
      }
      return {
        reference: request.reference,
        state: 'paid',
        orderNumber: claims.orderId,
        amountMinor: claims.amount,
        currency: claims.currency,
        paymentRef: request.reference,
        method: sandboxMethod(claims),
        paidAt: new Date(claims.at * 1000),
        receiptUrl: null,
      };
    },

    /** The sandbox keeps nothing: a payment it signed is taken only when the payer's return confirms it. */
    async lookup(request: ConfirmRequest): Promise<ProviderWord> {
      const claims = parse(request.reference);
      if (!claims || claims.orderId !== request.orderNumber) throw unknownKey();
      return { reference: request.reference, state: 'open', orderNumber: claims.orderId, amountMinor: claims.amount, currency: claims.currency, paymentRef: null, method: sandboxMethod(claims), paidAt: null, receiptUrl: null };
    },

    async refund(request: RefundRequest): Promise<void> {
      if (!parse(request.paymentRef)) throw unknownKey();
    },

    /** Cancelled at once, for a receipt the sandbox issued. */
    async cancelCashReceipt(request) {
      return request.reference.startsWith('sbx-cr-') ? { state: 'cancelled' as const } : { state: 'refused' as const, reason: 'sandbox: not a receipt it issued' };
    },

    /** Issued at once, its number the same for the same request (the key), as a real issuer's replay. */
    async issueCashReceipt(request: CashReceiptRequest): Promise<CashReceiptWord> {
      const digest = createHmac('sha256', `sandbox-cash-receipts:${secret}`).update(request.idempotencyKey).digest();
      return { state: 'issued', reference: `sbx-cr-${digest.subarray(0, 9).toString('base64url')}`, number: String(digest.readUInt32BE(0) % 1_000_000_000).padStart(9, '0'), receiptUrl: null };
    },
  };
  return provider;
}
