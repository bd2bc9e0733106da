/**
 * What the store needs from a card payment provider (after Epic Stack's provider interface): the
 * browser takes the payment, then the server confirms it, and staff may cancel it. Providers speak
 * their own protocol and answer in these terms; failures are domain errors (PAYMENT_FAILED with
 * the provider's reason, NETWORK_ERROR when it cannot be reached).
 */
export type ProviderName = 'toss' | 'sandbox';

export interface ConfirmRequest {
  paymentKey: string;
  orderId: string;
  /** In the order currency's minor units (KRW: won). */
  amount: number;
  /** The same key for every attempt at one order, so a retry never charges twice. */
  idempotencyKey: string;
}

export interface ApprovedPayment {
  paymentKey: string;
  orderId: string;
  /** What the provider approved, in minor units: compared with the order's amount (D25). */
  totalAmount: number;
  method: string | null;
  approvedAt: Date;
  receiptUrl: string | null;
}

export interface CancelRequest {
  paymentKey: string;
  reason: string;
  /** Omitted: the whole payment. */
  amount?: number | undefined;
  idempotencyKey: string;
}

/** What the payment page needs to start a payment with this provider. */
export interface ClientSettings {
  provider: ProviderName;
  /** Toss's client key; null for the sandbox. */
  clientKey: string | null;
  /** Test keys or a sandbox: the page says that no real card is charged. */
  test: boolean;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  confirm(request: ConfirmRequest): Promise<ApprovedPayment>;
  cancel(request: CancelRequest): Promise<void>;
  clientSettings(): ClientSettings;
  /** Whether the provider answers at all right now (the staff settings screen); never throws. */
  reachable(): Promise<boolean>;
}
