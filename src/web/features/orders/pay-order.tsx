/** The "Pay now" button of an unpaid order; its dialog (the store's methods) loads on first use. */
import { lazy, Suspense, useState } from 'react';
import { useOpenedByAddress } from './use-opened-by-address.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { formatMinor } from '../../../domain/money.ts';
import type { UnpaidOrder } from './pay-order-dialog.tsx';

const PayOrderDialog = lazy(() => import('./pay-order-dialog.tsx'));

export function PayOrder({ order, access }: { order: UnpaidOrder; access: { sessionId?: string; orderKey?: string } }) {
  const { t } = useTranslation('accounts');
  const [open, setOpen] = useState(false);
  // The fail page's "Pay for this order again" and the kept-order mail land here with it opened.
  useOpenedByAddress(order.orderId, () => setOpen(true));
  return (
    <>
      <div className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
        <p>{t('orders.pay.due')}</p>
        <button type="button" className="btn-primary mt-3" onClick={() => setOpen(true)} data-pay-order-button={order.orderId}>
          {t('orders.pay.button', { price: formatMinor(order.amount, order.country) })}
        </button>
      </div>
      {open && <Suspense fallback={null}><PayOrderDialog order={order} access={access} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
