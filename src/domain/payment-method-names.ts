/**
 * Which message names the way an order was paid: the provider's word for the method (Toss says 카드
 * or 간편결제, Stripe lists its types "card" or "card,alipay", PayPal says paypal), else the
 * provider. Read by the success page and by papers (issue 34), each in its own language.
 */
const OWN_METHOD_KEYS: Record<string, string> = {
  '카드': 'card', card: 'card', '간편결제': 'easyPay', '계좌이체': 'transfer', '가상계좌': 'virtualAccount', '휴대폰': 'phone', 'sandbox card': 'testCard', 'sandbox transfer': 'testTransfer',
};
/** Methods the store's method picker already names (common:payment.methods). */
const PICKER_METHOD_KEYS: Record<string, string> = { paypal: 'paypal', alipay: 'alipay', wechat_pay: 'wechatpay' };
const PROVIDER_KEYS: Record<string, string> = { toss: 'tosspayments', paypal: 'paypal', stripe: 'stripe' };

/** The message (namespace and key) naming how an order was paid; null when nothing is known. */
export function paymentMethodMessage(paymentMethod: string | null, paymentProvider: string | null): { ns: 'orders' | 'common'; key: string } | null {
  const method = paymentMethod?.split(',')[0]?.trim() ?? '';
  if (OWN_METHOD_KEYS[method]) return { ns: 'orders', key: `payment.methodNames.${OWN_METHOD_KEYS[method]}` };
  if (PICKER_METHOD_KEYS[method]) return { ns: 'common', key: `payment.methods.${PICKER_METHOD_KEYS[method]}` };
  const provider = paymentProvider ? PROVIDER_KEYS[paymentProvider] : undefined;
  return provider ? { ns: 'common', key: `payment.methods.${provider}` } : null;
}
