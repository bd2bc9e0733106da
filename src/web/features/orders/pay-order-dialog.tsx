/**
 * Paying an order that is still unpaid, from My Page or the private order page: a payer who gave
 * up on the provider's page, or whose card was declined, pays the same order later with any of its
 * store's methods (no second order), and a consultation's quote is paid. Both agreements are ticked
 * here as on every checkout. Loaded on first use.
 */
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { Modal } from '../../components/modal.tsx';
import { useRootData } from '../../store-context.ts';
import { PaymentAgreements } from '../checkout/payment-agreements.tsx';
import { PaymentArea, tellPaymentError, usePaymentArea } from '../checkout/use-payment-area.tsx';
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

interface Agreements {
  agreeTerms: boolean;
  agreePrivacy: boolean;
}

export default function PayOrderDialog({ order, access, onClose }: { order: UnpaidOrder; access: { sessionId?: string; orderKey?: string }; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const { lang } = useRootData();
  // The order's own store decides its methods and currency, whichever store the page is in.
  const store = { lang, country: order.country };
  const { settings, failed } = usePaymentSettings(store);
  const { t: tErrors } = useTranslation('errors');
  const area = usePaymentArea({ settings, settingsFailed: failed, amountKrw: order.amount, customerKey: null, idPrefix: `pay-${order.orderId}` });
  const price = formatMinor(order.amount, order.country);
  // The same two agreements as every checkout (SPEC section 5), with their errors beside them.
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<Agreements>({
    defaultValues: { agreeTerms: false, agreePrivacy: false },
    resolver: lazySchemaResolver<Agreements>(async () => (await import('../../../domain/validation/orders.ts')).paymentAgreementsSchema, tErrors),
  });

  const pay = handleSubmit(async () => {
    try {
      await area.pay({ orderId: order.orderId, amount: order.amount, orderName: order.orderName }, { name: order.customerName, email: order.customerEmail, phone: order.customerPhone ?? '' }, access, store);
    } catch (error) {
      tellPaymentError(error, tCommon);
    }
  });

  return (
    <Modal open onClose={onClose} labelledBy={`pay-${order.orderId}-title`}>
      <form noValidate onSubmit={pay} className="p-6 sm:p-8" data-pay-order={order.orderId}>
        <h2 id={`pay-${order.orderId}-title`} className="pr-10 text-2xl font-bold">{t('orders.pay.title')}</h2>
        <p className="mt-2 flex justify-between gap-4 border-b border-slate-200 pb-3 text-sm"><span>{order.orderName}</span><span className="font-bold">{price}</span></p>
        <div className="mt-5"><PaymentArea area={area} /></div>
        <div className="mt-5"><PaymentAgreements register={register} errors={errors} onNavigate={onClose} /></div>
        <button type="submit" className="btn-primary mt-6 w-full" disabled={isSubmitting || area.state !== 'ready'}>
          {isSubmitting ? tCommon('checkout.processing') : tCommon('checkout.pay', { price })}
        </button>
      </form>
    </Modal>
  );
}
