/**
 * What the store needs from a payment provider (after Medusa's payment module and Epic Stack's
 * provider registry): start a payment (a redirect to the provider's hosted page, or what Toss's
 * widget in our page needs), confirm it when the customer returns, read a signed webhook, and
 * refund all or part of it. Providers speak their own protocol and answer in these terms; they know
 * nothing of orders in the database. Failures are domain errors: PAYMENT_FAILED only for the
 * provider's explicit refusal, with its reason; NETWORK_ERROR whenever the outcome is unknown (no
 * answer in time, a dropped connection, a 5xx or a 429), which is never taken as a refusal (D32).
 */
import type { Language } from '../../../../domain/countries.ts';
import type { PaymentChoice, ProviderName } from '../../../../domain/payments.ts';

export type { ProviderName } from '../../../../domain/payments.ts';

/** The order as a provider shows it to the payer. Amounts in the currency's minor units (D25). */
export interface OrderToPay {
  orderNumber: string;
  orderName: string;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  language: Language;
  customerName: string;
  customerEmail: string;
  /** Lines whose amounts add up to amountMinor exactly (domain/payments.ts allocateMinor). */
  lines: Array<{ name: string; quantity: number; amountMinor: number }>;
  /** A quote's end of validity (D28): a provider page that can expire should not outlive it. */
  payBefore?: Date | null | undefined;
}

export interface StartRequest {
  order: OrderToPay;
  method: PaymentChoice;
  /** Sent with every call made to start this attempt, so a retry never opens a second payment. */
  idempotencyKey: string;
  /** Where the provider sends the payer back after paying (our success page, built from PUBLIC_URL, D24). */
  returnUrl: string;
  /** Where the provider sends a payer who gives up. */
  cancelUrl: string;
  /** Where a payment refused at the provider's page lands (the sandbox's declined card). */
  failUrl: string;
  /** The sandbox only: the test card the payer chose in our page. */
  testCard?: string | undefined;
}

export type StartedPayment =
  /** The payer goes to the provider's page; `reference` is the provider's id of this attempt. */
  | { kind: 'redirect'; redirectUrl: string; reference: string }
  /** The payment happens in Toss's widget in our page, with this client key. */
  | { kind: 'widget'; clientKey: string };

/** The provider's word on a payment (D27), as it said it on the server. */
export interface ProviderWord {
  /** The provider's id of the attempt (a Checkout Session, a PayPal order, a Toss or sandbox payment key). */
  reference: string;
  /**
   * paid: money taken; processing: accepted, not yet settled (delayed methods); failed: no money
   * taken and none will be; open: nothing taken yet, the payer may still pay (a session still open);
   * approved: the payer approved and the store must capture (PayPal).
   */
  state: 'paid' | 'processing' | 'failed' | 'open' | 'approved';
  /** The order number the provider holds for it (metadata, custom_id, orderId), when it says one. */
  orderNumber: string | null;
  amountMinor: number;
  currency: string;
  /** What a refund names: payment intent, capture or payment key; null until paid. */
  paymentRef: string | null;
  method: string | null;
  receiptUrl: string | null;
  paidAt: Date | null;
  /** Why it failed, in the provider's words (logs and staff only). */
  failure?: string | undefined;
}

export interface ConfirmRequest {
  reference: string;
  orderNumber: string;
  amountMinor: number;
  currency: string;
  /** The attempt's key: the same for every confirmation of one attempt (a refreshed page, a webhook). */
  idempotencyKey: string;
}

export interface RefundRequest {
  paymentRef: string;
  /**
   * Stated for every refund the store decides (the provider never picks the amount); left out only
   * to give back a payment whose amount could not be read exactly (the whole of it).
   */
  amountMinor?: number | undefined;
  currency: string;
  reason: string;
  idempotencyKey: string;
  /** The how-manieth time this refund is sent (0 the first): a provider that keeps a key's error answers a retry under a new key. */
  retry?: number | undefined;
}

/** A verified webhook event, in our terms. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** The provider's id of the attempt the event is about; null for an event the store does not act on. */
  reference: string | null;
  /** The provider's word carried by the event itself (a signed Stripe session, a PayPal capture). */
  word?: ProviderWord | undefined;
  /** The payer approved but nothing was taken yet: the store confirms (PayPal captures) itself. */
  needsConfirm?: boolean | undefined;
}

/** What the staff settings screen shows of a provider; never a secret. */
export interface ProviderStatus {
  name: ProviderName;
  /** Keys given: false for the sandbox standing in. */
  configured: boolean;
  /** Test keys, a provider's sandbox, or our offline sandbox: no real money moves. */
  test: boolean;
  /** A webhook signing secret (Stripe) or webhook id (PayPal) is set; null where the provider has no webhooks here. */
  webhookReady: boolean | null;
  /** A key meant for the browser (Toss's widget client key). */
  publicKey?: string | undefined;
}

/** A 현금영수증 for a payment taken in cash (issue 34), as the provider's cash receipt API takes it. */
export interface CashReceiptRequest {
  orderNumber: string;
  orderName: string;
  /** In won. */
  amount: number;
  purpose: 'income_deduction' | 'expense_proof';
  /** The mobile or business number it is issued to, digits only. */
  identity: string;
  idempotencyKey: string;
}

/** The provider's answer: issued (its number to book), or refused with its reason. Anything else throws (unknown, D32). */
export type CashReceiptWord =
  | { state: 'issued'; reference: string; number: string; receiptUrl: string | null }
  | { state: 'refused'; reason: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Confirming takes the money (PayPal's capture, Toss's confirm), so the store checks the order can take it first. */
  readonly confirmTakesMoney?: boolean;
  status(): ProviderStatus;
  start(request: StartRequest): Promise<StartedPayment>;
  /** On the payer's return: Toss's confirm, a Checkout Session read back, a PayPal capture, a sandbox key checked. */
  confirm(request: ConfirmRequest): Promise<ProviderWord>;
  refund(request: RefundRequest): Promise<void>;
  /**
   * Whether a refund sent under `idempotencyKey` exists at the provider (the reconciler, after an
   * answer was lost): 'succeeded', 'failed', or null when the provider has none, so it may be sent
   * again. Without it the reconciler sends the refund again under the same key, which a provider
   * that keeps only successful answers (PayPal, Toss) treats as the same refund.
   */
  findRefund?(request: { paymentRef: string; idempotencyKey: string }): Promise<'succeeded' | 'failed' | null>;
  /** The provider's word on an attempt without acting on it (the reconciler): a session read, an order read. */
  lookup(request: ConfirmRequest): Promise<ProviderWord>;
  /** Verifies and reads a webhook delivery; throws BAD_REQUEST for one the provider did not send. */
  webhook?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookEvent>;
  /** Whether the provider answers at all right now (the staff settings screen); never throws. */
  reachable(): Promise<boolean>;
  /** Issues a 현금영수증 for a Korean payment taken in cash, where the provider does (Toss, the sandbox). */
  issueCashReceipt?(request: CashReceiptRequest): Promise<CashReceiptWord>;
  /** Cancels `amount` won of an issued cash receipt (a refund's part); refused with the provider's reason; throws when unknown. */
  cancelCashReceipt?(request: { reference: string; amount: number; idempotencyKey: string }): Promise<{ state: 'cancelled' } | { state: 'refused'; reason: string }>;
}
