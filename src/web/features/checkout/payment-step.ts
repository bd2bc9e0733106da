/**
 * The payment step of a checkout, whichever provider carries it: the page creates the order first
 * (the server prices it), then starts a payment with the chosen method (POST /api/payments/start),
 * which answers the provider's page to go to (Stripe, PayPal, the sandbox) or what Toss's widget in
 * our page needs. Every way ends at this store's success or fail page.
 */
import type { PaymentChoice, StorePaymentSettings } from '../../../domain/payments.ts';

/** The store's payment choices as GET /api/payments/settings and the loaders give them. */
export type PaymentSettings = StorePaymentSettings;

export interface CreatedOrder {
  orderId: string;
  amount: number;
  orderName: string;
}

export interface Payer {
  name: string;
  email: string;
  phone: string;
}

/** POST /api/payments/start's answer. */
export type StartedPayment =
  | { provider: PaymentChoice; redirectUrl: string }
  | { provider: PaymentChoice; widget: { orderId: string; orderName: string; amount: number; successUrl: string; failUrl: string } };
