/**
 * The per-service checkout pages /{country}/checkout1-5, 7 and 9 (SPEC sections 2, 4 and 5):
 * orderer info prefilled from the profile, the service with its quantity (default 3, at least 1,
 * each image beyond the included ones at the extra price), requests, the payment area and the
 * agreement, and a total that follows the quantity. The server prices the order (D4); the page's
 * total is only what it shows. Every visitor sees the service, its price and the form (D31); the
 * payment step asks a signed-out visitor to sign in or continue as a guest, as the service dialog
 * does (SPEC section 6). Every store takes the payment through its own methods (D26).
 */
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/checkout-page';
import { findService, INCLUDED_IMAGES } from '../../../domain/catalog/services.ts';
import { MAX_QUANTITY, MIN_QUANTITY, serviceTotalKrw } from '../../../domain/catalog/pricing.ts';
import { localizePrice } from '../../../domain/money.ts';
import { displayName } from '../../../domain/user.ts';
import { requestInfo } from '#request-context';
import { loaders } from '../../auth.server.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { BackHome } from '../../components/back-home.tsx';
import { Picture } from '../../components/picture.tsx';
import { toast } from '../../components/toast.tsx';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { FormField } from '../accounts/form-field.tsx';
import { useAuthDialog } from '../accounts/auth-provider.tsx';
import { guestSessionId } from '../accounts/guest-session.ts';
import { BusinessFold, checkoutWithBusiness } from './business-fold.tsx';
import { businessOfFold, EMPTY_BUSINESS_FOLD, type BusinessFoldValues } from '../../../domain/tax/business-fold.ts';
import { PaymentAgreements } from './payment-agreements.tsx';
import { serviceOfPath } from './service-of-path.ts';
import { PaymentArea, placeOrderAndPay, usePaymentArea } from './use-payment-area.tsx';

const DEFAULT_QUANTITY = INCLUDED_IMAGES;

export async function loader({ request, context }: Route.LoaderArgs) {
  const service = serviceOfPath(request.url, 'checkout');
  const { store: { country }, user } = context.get(requestInfo);
  return {
    serviceId: service.id,
    prefill: user ? { name: displayName(user), email: user.email, phone: user.phone ?? '' } : null,
    customerKey: user?.id ?? null,
    payment: loaders(context).payments.settings(country),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const service = loaderData ? findService(loaderData.serviceId) : undefined;
  return pageMeta(matches, {
    path: location.pathname.replace(/^\/[a-z]{2}/, ''),
    noindex: true,
    text: (t) => ({ title: service ? t('orders:checkout.title', { name: t(`catalog:services.${service.slug}.name`) }) : t('orders:checkout.titleGeneric'), description: t('orders:checkout.description') }),
  });
};

type Values = BusinessFoldValues & { customerName: string; customerEmail: string; customerPhone: string; requirements: string; quantity: number; agreeTerms: boolean; agreePrivacy: boolean };

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('catalog');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const store = useRootData();
  const { country, user } = store;
  const auth = useAuthDialog();
  const service = findService(loaderData.serviceId)!;
  const pricing = service.pricing.kind === 'fixed' ? service.pricing : null;
  // A signed-out visitor chooses at the payment step: sign in, or buy as a guest (SPEC section 6).
  const [guest, setGuest] = useState(false);
  const identified = Boolean(user) || guest;
  const { prefill } = loaderData;

  const { register, handleSubmit, control, setValue, getValues, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { customerName: prefill?.name ?? '', customerEmail: prefill?.email ?? '', customerPhone: prefill?.phone ?? '', requirements: '', quantity: DEFAULT_QUANTITY, agreeTerms: false, agreePrivacy: false, ...EMPTY_BUSINESS_FOLD },
    resolver: lazySchemaResolver<Values>(checkoutWithBusiness(country), tErrors),
  });
  // Signing in on this page fills the orderer's details the visitor has not typed themselves.
  useEffect(() => {
    if (!prefill) return;
    const fill = { customerName: prefill.name, customerEmail: prefill.email, customerPhone: prefill.phone } as const;
    for (const [field, value] of Object.entries(fill) as [keyof typeof fill, string][]) {
      if (!getValues(field)) setValue(field, value);
    }
  }, [prefill?.email]);
  const rawQuantity = useWatch({ control, name: 'quantity' });
  const quantity = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(Number(rawQuantity)) || MIN_QUANTITY));
  const totalKrw = serviceTotalKrw(service, quantity);
  const extraImages = Math.max(0, quantity - (pricing?.includedImages ?? INCLUDED_IMAGES));

  // The payment area: the store's methods, then Toss's widget, the sandbox's test cards, or the provider's page.
  const settings = loaderData.payment;
  const area = usePaymentArea({ settings: identified ? settings : null, amountKrw: totalKrw, customerKey: loaderData.customerKey, idPrefix: 'checkout' });
  const askWhoPays = () => auth.open({ onGuest: () => setGuest(true) });

  const step = (delta: number) => setValue('quantity', Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, quantity + delta)), { shouldValidate: true });
  // The box always shows the quantity that is priced: a number past the limits becomes the limit
  // at once, and an emptied box the minimum when it is left; the limits are said beside it.
  const [clamped, setClamped] = useState(false);
  const quantityField = register('quantity', {
    valueAsNumber: true,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const typed = Math.trunc(Number(event.target.value));
      const over = event.target.value !== '' && (typed > MAX_QUANTITY || typed < MIN_QUANTITY);
      setClamped(over);
      if (over) setValue('quantity', Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, typed || MIN_QUANTITY)), { shouldValidate: true });
    },
    onBlur: () => {
      if (!Number.isInteger(getValues('quantity'))) setValue('quantity', quantity, { shouldValidate: true });
    },
  });

  const placeOrder = handleSubmit(
    (values) => placeOrderAndPay(area, {
      serviceId: service.id, quantity: values.quantity, requirements: values.requirements, paymentMethod: area.method ?? undefined, orderType: 'service', finalPrice: totalKrw,
      isGuestOrder: !user, ...(user ? {} : { sessionId: guestSessionId() }), business: businessOfFold(values),
    }, { name: values.customerName, email: values.customerEmail, phone: values.customerPhone }, { country, store }, tCommon),
    () => toast.error(() => tCommon('checkout.toast.requiredTitle'), () => tCommon('checkout.toast.required')),
  );
  const pay = (event: React.FormEvent<HTMLFormElement>) => {
    if (identified) return placeOrder(event);
    event.preventDefault();
    askWhoPays();
  };

  const header = (
    <>
      <BackHome />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t('checkout.title', { name: tc(`services.${service.slug}.name`) })}</h1>
    </>
  );

  return (
    <div className="container-page py-10 sm:py-12">
      {header}
      <form id="checkout" noValidate onSubmit={pay} className="mt-8 grid gap-8 pb-24 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:pb-0">
        <div className="grid gap-6">
          <section aria-labelledby="orderer" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="orderer" className="text-lg font-bold">{t('checkout.orderer')}</h2>
            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              <FormField className="sm:col-span-2" label={tCommon('checkout.name')} autoComplete="name" required error={errors.customerName?.message} {...register('customerName')} />
              <FormField label={tCommon('checkout.email')} type="email" autoComplete="email" required error={errors.customerEmail?.message} {...register('customerEmail')} />
              <FormField label={tCommon('checkout.phone')} type="tel" autoComplete="tel" required error={errors.customerPhone?.message} {...register('customerPhone')} />
              <BusinessFold register={register} errors={errors} control={control} />
            </div>
          </section>

          <section aria-labelledby="items" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="items" className="text-lg font-bold">{t('checkout.items')}</h2>
            <div className="mt-5 flex flex-col gap-4 sm:flex-row">
              <Picture name={service.image} alt="" sizes="(min-width: 640px) 160px, 92vw" priority className="w-full shrink-0 sm:w-40" imgClassName="aspect-[4/3] w-full rounded-2xl object-cover" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{tc(`services.${service.slug}.name`)}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {t('checkout.included', { count: pricing!.includedImages, price: localizePrice(pricing!.basePriceKrw, country) })}
                  {' · '}
                  {t('checkout.extra', { price: localizePrice(pricing!.extraPerImageKrw, country) })}
                </p>
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <label htmlFor="quantity" className="text-sm font-semibold">{t('checkout.quantity')}</label>
                  <div className="flex items-center rounded-full border border-slate-300">
                    <button type="button" className="size-10 rounded-full text-lg" onClick={() => step(-1)} disabled={quantity <= MIN_QUANTITY} aria-label={t('checkout.less')}>−</button>
                    <input id="quantity" type="number" inputMode="numeric" min={MIN_QUANTITY} max={MAX_QUANTITY} className="w-14 bg-transparent text-center text-base font-semibold outline-none [appearance:textfield]" aria-describedby="quantity-limit" {...quantityField} />
                    <button type="button" className="size-10 rounded-full text-lg" onClick={() => step(1)} disabled={quantity >= MAX_QUANTITY} aria-label={t('checkout.more')}>+</button>
                  </div>
                  <span className="text-sm text-slate-600">{t('checkout.images', { count: quantity })}</span>
                </div>
                <p id="quantity-limit" className={`mt-2 text-sm ${clamped ? 'font-semibold text-amber-800' : 'text-slate-600'}`} aria-live="polite">
                  {t('checkout.quantityLimit', { min: MIN_QUANTITY, max: MAX_QUANTITY })}
                </p>
                {errors.quantity?.message && <p role="alert" className="mt-2 text-sm text-red-700">{errors.quantity.message}</p>}
              </div>
            </div>
          </section>

          <section aria-labelledby="requests" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="requests" className="text-lg font-bold">{tCommon('checkout.requests')}</h2>
            <label htmlFor="requirements" className="sr-only">{tCommon('checkout.requests')}</label>
            <textarea id="requirements" rows={4} placeholder={t('checkout.requestsPlaceholder')} className="mt-4 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-3 text-base shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30" {...register('requirements')} />
          </section>

          <section aria-labelledby="payment" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="payment" className="text-lg font-bold">{t('checkout.payment')}</h2>
            {identified ? (
              <>
                {!user && <p className="mt-4 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">{tCommon('checkout.guestNote')}</p>}
                <div className="mt-4"><PaymentArea area={area} legendHidden /></div>
                <div className="mt-5"><PaymentAgreements register={register} errors={errors} /></div>
              </>
            ) : (
              <div className="mt-4 grid gap-3 sm:flex sm:flex-wrap sm:items-center">
                <p className="text-sm text-slate-700 sm:basis-full">{tCommon('checkout.who')}</p>
                <button type="button" className="btn-primary" onClick={askWhoPays}>{tCommon('checkout.login')}</button>
                <button type="button" className="btn-secondary" onClick={() => setGuest(true)}>{tCommon('checkout.guest')}</button>
              </div>
            )}
          </section>
        </div>

        <aside aria-labelledby="summary" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24">
          <h2 id="summary" className="text-lg font-bold">{t('checkout.summary')}</h2>
          <dl className="mt-4 grid gap-2 text-sm">
            <div className="flex justify-between gap-4"><dt>{t('checkout.base', { count: pricing!.includedImages })}</dt><dd>{localizePrice(pricing!.basePriceKrw, country)}</dd></div>
            <div className="flex justify-between gap-4"><dt>{t('checkout.extraLine', { count: extraImages })}</dt><dd>{localizePrice(extraImages * pricing!.extraPerImageKrw, country)}</dd></div>
            <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold"><dt>{t('checkout.total')}</dt><dd data-total>{localizePrice(totalKrw, country)}</dd></div>
          </dl>
          {store.tax && <p className="mt-1 text-xs text-slate-500">{store.tax.label}</p>}
          <button type="submit" className="btn-primary mt-6 w-full" disabled={isSubmitting || (identified && (area.closed || area.state === 'loading' || area.state === 'error'))}>
            {isSubmitting ? tCommon('checkout.processing') : tCommon('checkout.pay', { price: localizePrice(totalKrw, country) })}
          </button>
          {settings.test && <p className="mt-3 text-xs text-slate-500">{t('checkout.testMode')}</p>}
        </aside>
      </form>
      {/* On phones the total and the pay button stay in reach at the bottom of the screen. */}
      <div data-bottom-bar className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
          <p className="text-sm">
            <span className="block text-slate-600">{t('checkout.total')}</span>
            <span className="text-lg font-bold">{localizePrice(totalKrw, country)}</span>
          </p>
          <button type="submit" form="checkout" className="btn-primary" disabled={isSubmitting || (identified && (area.closed || area.state === 'loading' || area.state === 'error'))} aria-label={tCommon('checkout.pay', { price: localizePrice(totalKrw, country) })}>
            {isSubmitting ? tCommon('checkout.processing') : t('checkout.payShort')}
          </button>
        </div>
      </div>
    </div>
  );
}
