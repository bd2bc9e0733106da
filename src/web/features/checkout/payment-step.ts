/**
 * The payment step of a checkout, whichever provider the server uses: the page creates the order
 * first (the server prices it), then hands the payment to the provider, which ends at the success
 * or the fail page of this store. Toss runs in its own widget; the sandbox in our page.
 */
import type { CountryCode } from '../../../domain/countries.ts';

export interface PaymentSettings {
  provider: 'toss' | 'sandbox';
  clientKey: string | null;
  test: boolean;
}

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

export function returnUrls(origin: string, country: CountryCode) {
  return { successUrl: `${origin}/${country}/payment/success`, failUrl: `${origin}/${country}/payment/fail` };
}
