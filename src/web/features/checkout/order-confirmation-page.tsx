/**
 * /{country}/order-confirmation/{id} (SPEC sections 2, 4 and 5): one service, its price and terms,
 * and the way to pay for it (the checkout dialog: sign in or continue as a guest, details,
 * payment). A quote-priced service is refused with SPEC's 'Quote needed' and pointed to its
 * consultation page; an unknown id goes home with SPEC's 'service not found'.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/order-confirmation-page';
import { findService, INCLUDED_IMAGES } from '../../../domain/catalog/services.ts';
import { isCountryCode } from '../../../domain/countries.ts';
import { ClockIcon, RevisionIcon } from '../../components/icons.tsx';
import { BackHome } from '../../components/back-home.tsx';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { useCart } from '../cart/cart-provider.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const service = /^\d+$/.test(params.id) ? findService(Number(params.id)) : undefined;
  const country = isCountryCode(params.country) ? params.country : 'kr';
  if (!service) throw redirect(`/${country}?notice=serviceNotFound`);
  return { serviceId: service.id };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const service = loaderData ? findService(loaderData.serviceId) : undefined;
  return pageMeta(matches, {
    path: `/order-confirmation/${params.id}`,
    noindex: true,
    text: (t) => ({ title: service ? t('orders:confirmation.title', { name: t(`catalog:services.${service.slug}.name`) }) : '', description: t('orders:confirmation.text') }),
  });
};

export default function OrderConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('catalog');
  const { t: tHome } = useTranslation('home');
  const { country } = useRootData();
  const cart = useCart();
  const text = useCatalogText();
  const service = findService(loaderData.serviceId)!;
  const quote = service.pricing.kind === 'quote';
  return (
    <div className="container-page max-w-4xl py-10 sm:py-12">
      <BackHome />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t('confirmation.title', { name: tc(`services.${service.slug}.name`) })}</h1>
      <div className="mt-8 grid gap-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 md:grid-cols-[16rem_minmax(0,1fr)]">
        <Picture name={service.image} alt="" sizes="(min-width: 768px) 256px, 92vw" priority imgClassName="aspect-[4/3] w-full rounded-2xl object-cover" />
        <div>
          <p className="text-slate-700">{tc(`services.${service.slug}.description`)}</p>
          <p className="mt-4 text-2xl font-extrabold">{text.servicePrice(service)}</p>
          {!quote && <p className="text-sm text-slate-600">{text.includedImages(service)} · {text.extraImage(service)}</p>}
          <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
            <div className="flex items-center gap-2"><ClockIcon className="size-4 text-brand-700" aria-hidden="true" /><dt className="sr-only">{tHome('dialog.delivery')}</dt><dd>{text.delivery(service.delivery)}</dd></div>
            <div className="flex items-center gap-2"><RevisionIcon className="size-4 text-brand-700" aria-hidden="true" /><dt className="sr-only">{tHome('dialog.revisions')}</dt><dd>{text.revisions(service)}</dd></div>
          </dl>
          {quote ? (
            <div role="status" className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">
              <p className="font-semibold">{t('confirmation.quoteTitle')}</p>
              <p className="mt-1">{t('confirmation.quoteText')}</p>
              <Link to={`/${country}/checkout${service.id}`} className="btn-primary mt-4">{t('confirmation.toConsultation')}</Link>
            </div>
          ) : (
            <button type="button" className="btn-primary mt-6" data-order-now={service.id} onClick={() => cart.checkout({ kind: 'service', serviceId: service.id, quantity: INCLUDED_IMAGES })}>
              {t('confirmation.order')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
