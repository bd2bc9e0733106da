import { useTranslation } from '../../i18n/react.tsx';
import { data, isRouteErrorResponse, Link } from 'react-router';
import type { Route } from './+types/template-page';
import { findTemplate, TEMPLATE_INCLUSIONS } from '../../../domain/catalog/templates.ts';
import { ArrowLeftIcon } from '../../components/back-icon.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData, useStore } from '../../store-context.ts';
import { prefetchCheckout, useCart } from '../cart/cart-provider.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const template = /^\d+$/.test(params.id) ? findTemplate(id) : undefined;
  if (!template) throw data({ reason: 'template' }, { status: 404 });
  return { id: template.id };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (error || !loaderData) {
    return pageMeta(matches, { path: '/templateshop', noindex: true, text: (t) => ({ title: t('templateNotFound.title'), description: t('templateNotFound.text') }) });
  }
  const id = loaderData.id;
  return pageMeta(matches, {
    path: `/template/${id}`,
    image: `/artwork/template-${id}-600.webp`,
    text: (t) => ({ title: t(`catalog:templates.${id}.title`), description: t(`catalog:templates.${id}.description`) }),
  });
};

export default function TemplatePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const { country, tax } = useRootData();
  const { t: tCommon } = useTranslation();
  const text = useCatalogText();
  const cart = useCart();
  const template = findTemplate(loaderData.id)!;
  const title = tc(`templates.${template.id}.title`);
  return (
    <div className="container-page py-10 sm:py-14">
      <Link to={`/${country}/templateshop`} className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-700 hover:text-ink">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('templates.back')}
      </Link>
      <div className="mt-4 grid gap-10 md:grid-cols-2">
        <div className="overflow-hidden rounded-3xl bg-slate-100 shadow-lg">
          <Picture name={template.image} alt={title} sizes="(min-width: 768px) 45vw, 92vw" priority imgClassName="h-auto w-full" />
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{tc(`templateCategories.${template.category}`)}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-slate-600">{tc(`templates.${template.id}.type`)}</p>
          <p className="mt-6 text-3xl font-extrabold">{text.price(template.priceKrw)}</p>
          {tax && <p className="text-xs text-slate-600">{tax.label}</p>}
          <p className="mt-6 leading-relaxed text-slate-700">{tc(`templates.${template.id}.description`)}</p>
          <h2 className="mt-8 font-semibold">{t('templates.includes')}</h2>
          <ul className="mt-3 space-y-2">
            {TEMPLATE_INCLUSIONS.map((item) => (
              <li key={item} className="flex gap-2 text-sm">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                {tc(`templateInclusions.${item}`)}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <button type="button" className="btn-primary w-full sm:w-auto" data-buy-template={template.id} onPointerEnter={prefetchCheckout} onFocus={prefetchCheckout} onClick={() => cart.checkout({ kind: 'template', templateId: template.id })}>
              {t('templates.buyNow')}
            </button>
            <button type="button" className="btn-secondary w-full sm:w-auto" data-add-template={template.id} onClick={() => void cart.add(template.id)}>
              {tCommon('cart.add')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const { country } = useStore();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-3xl font-bold">{t('templateNotFound.title')}</h1>
      <p className="mt-3 text-muted">{t('templateNotFound.text')}</p>
      <Link to={`/${country}/templateshop`} className="btn-primary mt-8">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('templateNotFound.back')}
      </Link>
    </section>
  );
}
