/**
 * Toss Payments' widget (SDK v2), loaded only on checkout pages and only when Toss is the provider:
 * payment methods and Toss's agreement render into the page, the amount follows the quantity, and
 * requestPayment leaves for Toss's window, which returns to our success or fail page.
 */
import type { TossPaymentsWidgets } from '@tosspayments/tosspayments-sdk';
import type { OrderToPay, Payer } from './payment-step.ts';

export interface TossWidget {
  setAmount(value: number): Promise<void>;
  pay(order: OrderToPay, payer: Payer, urls: { successUrl: string; failUrl: string }): Promise<void>;
}

export async function mountTossWidget(options: { clientKey: string; customerKey: string | null; amount: number; methodsSelector: string; agreementSelector: string }): Promise<TossWidget> {
  const { loadTossPayments, ANONYMOUS } = await import('@tosspayments/tosspayments-sdk');
  const toss = await loadTossPayments(options.clientKey);
  const widgets: TossPaymentsWidgets = toss.widgets({ customerKey: options.customerKey ?? ANONYMOUS });
  await widgets.setAmount({ currency: 'KRW', value: options.amount });
  await Promise.all([
    widgets.renderPaymentMethods({ selector: options.methodsSelector, variantKey: 'DEFAULT' }),
    widgets.renderAgreement({ selector: options.agreementSelector, variantKey: 'AGREEMENT' }),
  ]);
  return {
    setAmount: (value) => widgets.setAmount({ currency: 'KRW', value }),
    pay: (order, payer, urls) => widgets.requestPayment({
      orderId: order.orderId,
      orderName: order.orderName,
      successUrl: urls.successUrl,
      failUrl: urls.failUrl,
      customerName: payer.name,
      customerEmail: payer.email,
      // Toss takes digits only (8-15 of them).
      ...(payer.phone.replace(/\D/g, '').length >= 8 ? { customerMobilePhone: payer.phone.replace(/\D/g, '').slice(0, 15) } : {}),
    }),
  };
}
