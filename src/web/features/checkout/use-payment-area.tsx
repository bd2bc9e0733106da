/**
 * The payment area shared by the checkout pages and the checkout dialog: the sandbox's test cards,
 * or Toss's widget (methods and agreement) with loading, ready and error states. `pay` hands a
 * created order to the provider, which ends at the store's success or fail page.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from '../../../domain/countries.ts';
import type { StoreHeaders } from '../../api-client.ts';
import { returnUrls, type CreatedOrder, type Payer, type PaymentSettings } from './payment-step.ts';
import { paySandbox, SandboxCards, type SandboxCardChoice } from './sandbox-payment.tsx';
import type { TossWidget } from './toss-payment.ts';

export type WidgetState = 'idle' | 'loading' | 'ready' | 'error';
/** SPEC section 9: the payment area starts loading after 500 ms. */
const WIDGET_DELAY_MS = 500;

export function usePaymentArea(options: { settings: PaymentSettings | null; amountKrw: number; customerKey: string | null; idPrefix: string }) {
  const { settings, amountKrw, customerKey, idPrefix } = options;
  const [state, setState] = useState<WidgetState>('idle');
  const [showLoading, setShowLoading] = useState(false);
  const [card, setCard] = useState<SandboxCardChoice>('approved');
  const toss = useRef<TossWidget | null>(null);
  const methodsId = `${idPrefix}-payment-method`;
  const agreementId = `${idPrefix}-agreement`;

  useEffect(() => {
    if (!settings) return;
    if (settings.provider === 'sandbox') {
      setState('ready');
      return;
    }
    let live = true;
    setState('loading');
    const slow = setTimeout(() => setShowLoading(true), WIDGET_DELAY_MS);
    void import('./toss-payment.ts')
      .then(({ mountTossWidget }) => mountTossWidget({ clientKey: settings.clientKey!, customerKey, amount: amountKrw, methodsSelector: `#${methodsId}`, agreementSelector: `#${agreementId}` }))
      .then((widget) => {
        if (!live) return;
        toss.current = widget;
        setState('ready');
      })
      .catch(() => live && setState('error'))
      .finally(() => clearTimeout(slow));
    return () => {
      live = false;
      clearTimeout(slow);
    };
    // Mounted once per settings: later amounts go through setAmount below.
  }, [settings]);

  useEffect(() => {
    void toss.current?.setAmount(amountKrw).catch(() => undefined);
  }, [amountKrw]);

  async function pay(order: CreatedOrder, payer: Payer, origin: string, country: CountryCode, store: StoreHeaders) {
    const urls = returnUrls(origin, country);
    if (settings?.provider === 'sandbox') await paySandbox(order, card, urls, store);
    else await toss.current!.pay(order, payer, urls);
  }

  return { state, showLoading, card, setCard, pay, methodsId, agreementId, settings };
}

export function PaymentArea({ area }: { area: ReturnType<typeof usePaymentArea> }) {
  const { t } = useTranslation('common');
  if (!area.settings) return <p className="text-sm text-slate-600">{t('checkout.widgetLoading')}</p>;
  if (area.settings.provider === 'sandbox') return <SandboxCards value={area.card} onChange={area.setCard} />;
  return (
    <div aria-busy={area.state === 'loading'}>
      {area.state === 'loading' && area.showLoading && <p className="text-sm text-slate-600">{t('checkout.widgetLoading')}</p>}
      {area.state === 'error' && (
        <div role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-800">
          <p>{t('checkout.widgetError')}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => window.location.reload()}>{t('checkout.reload')}</button>
        </div>
      )}
      <div id={area.methodsId} />
      <div id={area.agreementId} />
    </div>
  );
}
