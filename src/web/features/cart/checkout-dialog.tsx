/**
 * The checkout dialog (SPEC sections 2 and 4): buying a template, a package or the whole cart
 * (one order, D23). A signed-out visitor signs in or continues as a guest (SPEC section 6); the
 * orderer's details, the store's payment methods and the two agreements follow, and paying leaves
 * for the provider. The server prices the order (D4); every store takes its own methods (D26).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import type { PackageSlug } from '../../../domain/catalog/packages.ts';
import { findService } from '../../../domain/catalog/services.ts';
import { localizePrice } from '../../../domain/money.ts';
import { priceLine } from '../../../domain/orders.ts';
import { displayName } from '../../../domain/user.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { Modal } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { useAuthDialog } from '../accounts/auth-provider.tsx';
import { FormField } from '../accounts/form-field.tsx';
import { guestSessionId } from '../accounts/guest-session.ts';
import { BusinessFold, checkoutWithBusiness } from '../checkout/business-fold.tsx';
import { businessOfFold, EMPTY_BUSINESS_FOLD, type BusinessFoldValues } from '../../../domain/tax/business-fold.ts';
import { PaymentAgreements } from '../checkout/payment-agreements.tsx';
import { PaymentArea, placeOrderAndPay, usePaymentArea } from '../checkout/use-payment-area.tsx';
import { usePaymentSettings } from '../checkout/use-payment-settings.ts';
import { useCart } from './cart-provider.tsx';

export type CheckoutTarget =
  | { kind: 'cart' }
  | { kind: 'template'; templateId: number }
  | { kind: 'package'; slug: PackageSlug }
  | { kind: 'service'; serviceId: number; quantity: number };

type Values = BusinessFoldValues & { customerName: string; customerEmail: string; customerPhone: string; customerAddress: string; requirements: string; quantity: number; agreeTerms: boolean; agreePrivacy: boolean };

interface Line {
  key: string;
  name: string;
  quantity: number;
  totalKrw: number;
}

export default function CheckoutDialog({ target, asGuest = false, onClose }: { target: CheckoutTarget; asGuest?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('catalog');
  const { t: tErrors } = useTranslation('errors');
  const store = useRootData();
  const { country, user } = store;
  const cart = useCart();
  const auth = useAuthDialog();
  const [guest, setGuest] = useState(asGuest);

  // What the page shows is priced by the domain's own rules; the server prices the order again (D4).
  const lines: Line[] = target.kind === 'cart'
    ? (cart.lines ?? []).map((line) => ({ key: line.id, name: line.templateTitle, ...priceLine({ kind: 'template', templateId: line.templateId, quantity: line.quantity }) }))
    : target.kind === 'template'
      ? [{ key: 'template', name: tc(`templates.${target.templateId}.title`), ...priceLine({ kind: 'template', templateId: target.templateId, quantity: 1 }) }]
      : target.kind === 'service'
        ? [{ key: 'service', name: tc(`services.${findService(target.serviceId)?.slug}.name`), ...priceLine({ kind: 'service', serviceId: target.serviceId, quantity: target.quantity }) }]
        : [{ key: 'package', name: tc(`packages.${target.slug}.name`), ...priceLine({ kind: 'package', packageSlug: target.slug }) }];
  const totalKrw = lines.reduce((sum, line) => sum + line.totalKrw, 0);
  const identified = Boolean(user) || guest;

  const { settings, failed } = usePaymentSettings(store, identified);
  const area = usePaymentArea({ settings, settingsFailed: failed, amountKrw: totalKrw, customerKey: user?.id ?? null, idPrefix: 'dialog' });

  const { register, handleSubmit, control, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { customerName: user ? displayName(user) : '', customerEmail: user?.email ?? '', customerPhone: user?.phone ?? '', customerAddress: '', requirements: '', quantity: 1, agreeTerms: false, agreePrivacy: false, ...EMPTY_BUSINESS_FOLD },
    resolver: lazySchemaResolver<Values>(checkoutWithBusiness(country), tErrors),
  });

  const pay = handleSubmit((values) => {
    const goods = target.kind === 'cart' ? { fromCart: true }
      : target.kind === 'template' ? { selectedTemplate: { id: target.templateId } }
      : target.kind === 'service' ? { serviceId: target.serviceId, quantity: target.quantity, customerAddress: values.customerAddress }
      : { packageId: target.slug };
    return placeOrderAndPay(area, {
      ...goods, requirements: values.requirements, finalPrice: totalKrw, isGuestOrder: !user, ...(user ? {} : { sessionId: guestSessionId() }), business: businessOfFold(values),
    }, { name: values.customerName, email: values.customerEmail, phone: values.customerPhone }, { country, store }, t);
  }, () => toast.error(() => t('checkout.toast.requiredTitle'), () => t('checkout.toast.required')));

  return (
    <Modal open onClose={onClose} labelledBy="checkout-title">
      <div className="p-6 sm:p-8">
        {/* SPEC's hidden title names the dialog for screen readers; the eye reads the short one. */}
        <h2 id="checkout-title" className="sr-only">{t('checkout.dialogLabel')}</h2>
        <p className="text-2xl font-bold" aria-hidden="true">{t('checkout.dialogTitle')}</p>
        <ul className="mt-4 grid gap-1 text-sm">
          {lines.map((line) => (
            <li key={line.key} className="flex justify-between gap-4"><span>{line.name} × {line.quantity}</span><span>{localizePrice(line.totalKrw, country)}</span></li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 font-bold"><span>{t('cart.total')}</span><span>{localizePrice(totalKrw, country)}</span></p>
        {store.tax && <p className="mt-1 text-right text-xs text-slate-500" data-tax-label>{store.tax.label}</p>}

        {!identified ? (
          <div className="mt-6 grid gap-3">
            <p className="text-sm text-slate-700">{t('checkout.who')}</p>
            <button type="button" className="btn-primary" onClick={() => auth.open({ onGuest: () => setGuest(true) })}>{t('checkout.login')}</button>
            <button type="button" className="btn-secondary" onClick={() => setGuest(true)}>{t('checkout.guest')}</button>
          </div>
        ) : (
          <form noValidate onSubmit={pay} className="mt-6 grid gap-4">
            {!user && <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">{t('checkout.guestNote')}</p>}
            <FormField label={t('checkout.name')} autoComplete="name" required error={errors.customerName?.message} {...register('customerName')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t('checkout.email')} type="email" autoComplete="email" required error={errors.customerEmail?.message} {...register('customerEmail')} />
              <FormField label={t('checkout.phone')} type="tel" autoComplete="tel" required error={errors.customerPhone?.message} {...register('customerPhone')} />
            </div>
            {target.kind === 'service' && (
              <FormField label={t('checkout.address')} autoComplete="street-address" optional {...register('customerAddress')} />
            )}
            <BusinessFold register={register} errors={errors} control={control} />
            <div>
              <label htmlFor="dialog-requirements" className="text-sm font-semibold">{t('checkout.requests')}</label>
              <textarea id="dialog-requirements" rows={3} className="mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-3 text-base shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30" {...register('requirements')} />
            </div>
            <PaymentArea area={area} />
            <PaymentAgreements register={register} errors={errors} onNavigate={onClose} />
            <button type="submit" className="btn-primary w-full" disabled={isSubmitting || !area.method || area.state === 'loading' || area.state === 'error'}>
              {isSubmitting ? t('checkout.processing') : t('checkout.pay', { price: localizePrice(totalKrw, country) })}
            </button>
          </form>
        )}
      </div>
    </Modal>
  );
}
