/** My Page's cancel button (D21), with what will happen said before it happens. */
import type { Answer } from '../../../domain/contract/http.ts';
import type { cancelOrder } from '../../../domain/contract/orders.ts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRevalidator } from 'react-router';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { apiRequest } from '../../api-client.ts';
import { Modal } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';

export function CancelOrder({ orderId, kind, amount, country }: { orderId: string; kind: 'cancel' | 'refund' | 'request'; amount: number; country: CountryCode }) {
  const { t } = useTranslation('accounts');
  const store = useRootData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const price = formatMinor(amount, country);

  async function confirm() {
    setBusy(true);
    const result = await apiRequest<Answer<typeof cancelOrder>>('POST', `/api/orders/${orderId}/cancel`, {}, store);
    setBusy(false);
    setOpen(false);
    if (result.ok) toast.success(() => t(`orders.cancel.done.${kind}`), result.data.message);
    else toast.error(() => t('orders.cancel.failed'), result.error.message);
    void revalidator.revalidate();
  }

  return (
    <>
      <button type="button" className="btn-secondary mt-4" onClick={() => setOpen(true)} data-cancel-order={orderId}>
        {t(kind === 'request' ? 'orders.cancel.requestButton' : 'orders.cancel.button')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={`cancel-${orderId}`} className="max-w-md">
        <div className="p-6 sm:p-8">
          <h2 id={`cancel-${orderId}`} className="pr-10 text-xl font-bold">{t(`orders.cancel.title.${kind}`)}</h2>
          <p className="mt-3 text-slate-700">{t(`orders.cancel.text.${kind}`, { price })}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>{t('orders.cancel.keep')}</button>
            <button type="button" className="btn-primary" onClick={() => void confirm()} disabled={busy}>{t(`orders.cancel.confirm.${kind}`)}</button>
          </div>
        </div>
      </Modal>
    </>
  );
}
