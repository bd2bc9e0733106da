/**
 * Toss Payments (the Korean store's cards, D26) over its v1 REST API: confirm and cancel with Basic
 * auth of the secret key and an Idempotency-Key, so a retried call returns the first answer instead
 * of charging or refunding twice. The payment itself happens in Toss's widget in our page (SDK v2,
 * the client key); `start` hands the page that key.
 */
import { DomainError } from '../../../../domain/errors.ts';
import { requestJson } from './deadline.ts';
import type { CashReceiptRequest, CashReceiptWord, ConfirmRequest, PaymentProvider, ProviderWord, RefundRequest } from './provider.ts';

export const TOSS_API_BASE = 'https://api.tosspayments.com';
/** Toss's published documentation test keys (payment widget): no real card is charged. */
export const TOSS_DOCS_CLIENT_KEY = 'test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm';
export const TOSS_DOCS_SECRET_KEY = 'test_gsk_docs_OaPz8L5KdmQXkzRz3y47BMw6';

interface TossOptions {
  apiBase: string;
  clientKey: string;
  secretKey: string;
  timeoutMs: number;
}

/** The fields of Toss's Payment object the store uses. */
interface TossPayment {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
  method?: string | null;
  approvedAt?: string | null;
  receipt?: { url?: string | null } | null;
}

/** The fields of Toss's CashReceipt object the store uses. */
interface TossCashReceipt {
  receiptKey?: string;
  issueNumber?: string;
  issueStatus?: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
  receiptUrl?: string | null;
  failure?: { code?: string; message?: string } | null;
}

interface TossError {
  code?: string;
  message?: string;
}

class TossFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly providerMessage: string;
  constructor(status: number, body: TossError) {
    super(`toss ${status} ${body.code ?? 'UNKNOWN'}`);
    this.status = status;
    this.code = body.code ?? 'UNKNOWN';
    this.providerMessage = body.message ?? '';
  }
}

/** Waits before asking again while Toss is still processing the same request (ALREADY_PROCESSING_REQUEST). */
const BUSY_RETRY_MS = [150, 300, 600];

export function createTossProvider(options: TossOptions): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  /**
   * "The same request is still being processed" (a second confirm of one payment, sent while the
   * first is at Toss) is asked again under the same key a few times over about a second: Toss then
   * answers the first one's result, so both callers hear it, rather than one of them "unknown".
   */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    for (const wait of idempotencyKey ? BUSY_RETRY_MS : []) {
      try {
        return await callOnce<T>(method, path, body, idempotencyKey);
      } catch (error) {
        if (!(error instanceof DomainError && error.message.endsWith(' ALREADY_PROCESSING_REQUEST'))) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    return callOnce<T>(method, path, body, idempotencyKey);
  }

  async function callOnce<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const { status, body: parsed } = await requestJson(`${options.apiBase}${path}`, {
      method,
      headers: {
        authorization,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }, options.timeoutMs).catch((error: unknown) => {
      // Unreachable, refused, reset or timed out (also while the answer was arriving): the
      // payment's fate is unknown here, and the same idempotency key makes the next attempt safe.
      throw new DomainError('NETWORK_ERROR', { detail: `toss ${method} ${path}: ${(error as Error).name}` });
    });
    const code = (parsed as TossError | null)?.code ?? '';
    // A 5xx or a 429 says nothing of whether Toss did the work, nor does "the same request is still
    // being processed"; a 401 is our key refused (revoked or wrong), not the payer's: all unknown,
    // never a refusal (D32), asked again later. Toss's 403s are refusals (a card's limit, say).
    if (status >= 500 || status === 429 || status === 401 || code === 'ALREADY_PROCESSING_REQUEST') {
      throw new DomainError('NETWORK_ERROR', { detail: `toss ${method} ${path}: ${status} ${code}` });
    }
    if (status < 200 || status > 299) throw new TossFailure(status, (parsed ?? {}) as TossError);
    // A success whose body cannot be read (cut short, or not Toss's): the work may be done.
    if (!parsed || typeof parsed !== 'object') throw new DomainError('NETWORK_ERROR', { detail: `toss ${method} ${path}: ${status} unreadable answer` });
    return parsed as T;
  }

  const failed = (failure: TossFailure) =>
    new DomainError('PAYMENT_FAILED', {
      ...(failure.providerMessage ? { values: { reason: failure.providerMessage } } : { messageKey: 'payments.failedGeneric' }),
      detail: `toss ${failure.status} ${failure.code}`,
    });

  function approved(payment: TossPayment): ProviderWord {
    if (payment.status !== 'DONE' || typeof payment.totalAmount !== 'number') {
      throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.failedGeneric', detail: `toss status ${payment.status}` });
    }
    return {
      reference: payment.paymentKey,
      state: 'paid',
      orderNumber: payment.orderId,
      amountMinor: payment.totalAmount,
      // Toss takes won only; its Payment object says KRW.
      currency: 'KRW',
      paymentRef: payment.paymentKey,
      method: payment.method ?? null,
      paidAt: payment.approvedAt ? new Date(payment.approvedAt) : new Date(),
      receiptUrl: payment.receipt?.url ?? null,
    };
  }

  const test = options.secretKey.startsWith('test_');
  return {
    name: 'toss',
    confirmTakesMoney: true,
    status: () => ({ name: 'toss', configured: true, test, webhookReady: null, publicKey: options.clientKey }),
    start: async () => ({ kind: 'widget', clientKey: options.clientKey }),

    /** Any HTTP answer counts (an unknown payment is a 404): only a network failure or a timeout does not. */
    async reachable() {
      try {
        await requestJson(`${options.apiBase}/v1/payments/reachability-check`, { method: 'GET', headers: { authorization } }, Math.min(options.timeoutMs, 3000));
        return true;
      } catch {
        return false;
      }
    },

    async confirm(request: ConfirmRequest): Promise<ProviderWord> {
      try {
        const payment = await call<TossPayment>('POST', '/v1/payments/confirm', { paymentKey: request.reference, orderId: request.orderNumber, amount: request.amountMinor }, request.idempotencyKey);
        return approved(payment);
      } catch (error) {
        if (!(error instanceof TossFailure)) throw error;
        // Confirmed before (e.g. by an earlier attempt whose answer was lost): read what Toss has.
        if (error.code === 'ALREADY_PROCESSED_PAYMENT') {
          try {
            const payment = await call<TossPayment>('GET', `/v1/payments/${encodeURIComponent(request.reference)}`);
            if (payment.orderId === request.orderNumber) return approved(payment);
          } catch (lookup) {
            if (lookup instanceof TossFailure) throw failed(lookup);
            throw lookup;
          }
        }
        throw failed(error);
      }
    },

    /** The payment as Toss has it (the reconciler after a confirm whose answer was lost). */
    async lookup(request: ConfirmRequest): Promise<ProviderWord> {
      let payment: TossPayment;
      try {
        payment = await call<TossPayment>('GET', `/v1/payments/${encodeURIComponent(request.reference)}`);
      } catch (error) {
        if (error instanceof TossFailure) throw failed(error);
        throw error;
      }
      if (payment.status === 'DONE') return approved(payment);
      const state = payment.status === 'READY' || payment.status === 'IN_PROGRESS' ? 'approved' : payment.status === 'WAITING_FOR_DEPOSIT' ? 'processing' : 'failed';
      return {
        reference: payment.paymentKey, state, orderNumber: payment.orderId, amountMinor: payment.totalAmount, currency: 'KRW',
        paymentRef: null, method: payment.method ?? null, receiptUrl: null, paidAt: null,
        ...(state === 'failed' ? { failure: `toss status ${payment.status}` } : {}),
      };
    },

    /**
     * POST /v1/cash-receipts: a 현금영수증 for a payment taken in cash, under the request's key. A
     * 4xx is Toss refusing it (a malformed number, say), with its words; no answer, a 5xx, a 429 or
     * a 401 is unknown (`call` throws NETWORK_ERROR) and is asked again later under the same key.
     */
    async issueCashReceipt(request: CashReceiptRequest): Promise<CashReceiptWord> {
      try {
        const receipt = await call<TossCashReceipt>('POST', '/v1/cash-receipts', {
          amount: request.amount,
          orderId: request.orderNumber,
          orderName: request.orderName.slice(0, 100),
          customerIdentityNumber: request.identity,
          type: request.purpose === 'income_deduction' ? '소득공제' : '지출증빙',
        }, request.idempotencyKey);
        if (receipt.issueStatus === 'FAILED') return { state: 'refused', reason: receipt.failure?.message ?? 'FAILED' };
        if (!receipt.receiptKey || !receipt.issueNumber) throw new DomainError('NETWORK_ERROR', { detail: `toss cash receipt ${receipt.issueStatus ?? 'without a number'}` });
        return { state: 'issued', reference: receipt.receiptKey, number: receipt.issueNumber, receiptUrl: receipt.receiptUrl ?? null };
      } catch (error) {
        if (error instanceof TossFailure) return { state: 'refused', reason: error.providerMessage || error.code };
        throw error;
      }
    },

    /** POST /v1/cash-receipts/{receiptKey}/cancel: a refund's part of an issued cash receipt, under its own key. */
    async cancelCashReceipt(request) {
      try {
        await call<TossCashReceipt>('POST', `/v1/cash-receipts/${encodeURIComponent(request.reference)}/cancel`, { amount: request.amount }, request.idempotencyKey);
        return { state: 'cancelled' as const };
      } catch (error) {
        if (error instanceof TossFailure) return { state: 'refused' as const, reason: error.providerMessage || error.code };
        throw error;
      }
    },

    async refund(request: RefundRequest): Promise<void> {
      try {
        await call('POST', `/v1/payments/${encodeURIComponent(request.paymentRef)}/cancel`, {
          cancelReason: request.reason.slice(0, 200),
          ...(request.amountMinor !== undefined ? { cancelAmount: request.amountMinor } : {}),
        }, request.idempotencyKey);
      } catch (error) {
        if (error instanceof TossFailure) {
          if (error.code === 'ALREADY_CANCELED_PAYMENT') return;
          throw failed(error);
        }
        throw error;
      }
    },
  };
}
