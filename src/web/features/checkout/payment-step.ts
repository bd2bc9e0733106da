/**
 * The payment step of a checkout, whichever provider carries it: the page creates the order first
 * (the server prices it), then starts a payment with the chosen method (POST /api/payments/start),
 * which answers the provider's page to go to (Stripe, PayPal, the sandbox) or what Toss's widget in
 * our page needs. Every way ends at this store's success or fail page.
 */
import type { CreatedOrder } from '../../../domain/contract/orders.ts';

/** What paying needs of an order: POST /api/orders's answer (src/domain/contract/orders.ts), or an unpaid order's. */
export type OrderToPay = Pick<CreatedOrder, 'orderId' | 'amount' | 'orderName'>;

export interface Payer {
  name: string;
  email: string;
  phone: string;
}
