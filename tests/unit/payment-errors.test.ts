/** Issue 33, item 12: Toss's widget errors that fell through to a generic "payment failed" have their own words in every language. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/config.ts';
import { paymentErrorText } from '../../src/web/features/checkout/payment-errors.ts';
import { catalogs } from './support/catalogs.ts';

describe('a payment that did not start', () => {
  it.each(LANGUAGES)('names Toss\'s widget errors in our words (%s), never in Toss\'s Korean', (lang) => {
    const t = (key: string) => catalogs[lang].common!.get(key) ?? `missing ${key}`;
    const texts = ['NOT_SELECTED_PAYMENT_METHOD', 'NOT_RENDERED_PAYMENT_METHODS_UI'].map((code) =>
      paymentErrorText(Object.assign(new Error('결제수단이 아직 선택되지 않았어요.'), { code }), t));
    for (const said of texts) {
      expect(said.cancelled).toBe(false);
      expect(said.text).not.toMatch(/missing|결제수단이 아직/);
    }
    expect(texts[0]!.text).not.toBe(texts[1]!.text);
    expect(texts[0]!.text).not.toBe(t('checkout.toast.payError'));
  });

  it('keeps a cancel a cancel, and another error its own message', () => {
    const t = (key: string) => key;
    expect(paymentErrorText({ code: 'USER_CANCEL' }, t)).toEqual({ cancelled: true, title: 'checkout.toast.canceledTitle', text: 'checkout.toast.canceled' });
    expect(paymentErrorText(new Error('Card network down'), t).text).toBe('Card network down');
    expect(paymentErrorText({}, t).text).toBe('checkout.toast.payError');
  });
});
