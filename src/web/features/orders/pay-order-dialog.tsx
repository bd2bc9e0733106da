/**
 * Paying an order that is still unpaid, from My Page or the private order page: a payer who gave
 * up on the provider's page, or whose card was declined, pays the same order later with any of its
 * store's methods (no second order). Loaded on first use.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { Modal } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { PaymentArea, usePaymentArea } from '../checkout/use-payment-area.tsx';
import { usePaymentSettings } from '../checkout/use-payment-settings.ts';

export interface UnpaidOrder {
  orderId: string;
  orderName: string;
  amount: number;
  country: CountryCode;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
}

export default function PayOrderDialog({ order, access, onClose }: { order: UnpaidOrder; access: { sessionId?: string; orderKey?: string }; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const { lang } = useRootData();
  // The order's own store decides its methods and currency, whichever store the page is in.
  const store = { lang, country: order.country };
  const { settings, failed } = usePaymentSettings(store);
  const [busy, setBusy] = useState(false);
  const area = usePaymentArea({ settings, settingsFailed: failed, amountKrw: order.amount, customerKey: null, idPrefix: `pay-${order.orderId}` });
  const price = formatMinor(order.amount, order.country);

  async function pay() {
    setBusy(true);
    try {
      await area.pay({ orderId: order.orderId, amount: order.amount, orderName: order.orderName }, { name: order.customerName, email: order.customerEmail, phone: order.customerPhone ?? '' }, access, store);
    } catch (error) {
      if ((error as { code?: string }).code === 'USER_CANCEL') toast.message(() => tCommon('checkout.toast.canceledTitle'), () => tCommon('checkout.toast.canceled'));
      else toast.error(() => tCommon('checkout.toast.payFailed'), () => (error as Error).message || tCommon('checkout.toast.payError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} labelledBy={`pay-${order.orderId}-title`}>
      <div className="p-6 sm:p-8" data-pay-order={order.orderId}>
        <h2 id={`pay-${order.orderId}-title`} className="pr-10 text-2xl font-bold">{t('orders.pay.title')}</h2>
        <p className="mt-2 flex justify-between gap-4 border-b border-slate-200 pb-3 text-sm"><span>{order.orderName}</span><span className="font-bold">{price}</span></p>
        <div className="mt-5"><PaymentArea area={area} /></div>
        <button type="button" className="btn-primary mt-6 w-full" onClick={() => void pay()} disabled={busy || area.state !== 'ready'}>
          {busy ? tCommon('checkout.processing') : tCommon('checkout.pay', { price })}
        </button>
      </div>
    </Modal>
  );
}
