import { useTranslation } from '../../i18n/react.tsx';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/templateshop-page';
import { isTemplateCategory, TEMPLATE_CATEGORIES, TEMPLATES } from '../../../domain/catalog/templates.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { useStore } from '../../store-context.ts';
import { useCart } from '../cart/cart-provider.tsx';
import { TemplateCard } from './template-card.tsx';

const FILTERS = ['all', ...TEMPLATE_CATEGORIES] as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/templateshop', text: (t) => ({ title: t('home:templates.title'), description: t('home:templates.subtitle') }) });

/** The template shop (SPEC section 2): category filter kept in the address, masonry grid. */
export default function TemplateShopPage() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const { country } = useStore();
  const money = useCatalogText();
  const cart = useCart();
  // Buy now opens the checkout for that template where the visitor is, as on its detail page.
  const buy = (templateId: number) => cart.checkout({ kind: 'template', templateId });
  const [params] = useSearchParams();
  const requested = params.get('category');
  const category = isTemplateCategory(requested) ? requested : 'all';
  const shown = category === 'all' ? TEMPLATES : TEMPLATES.filter((tpl) => tpl.category === category);
  return (
    <div className="container-page py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('templates.title')}</h1>
      <p className="mt-3 max-w-2xl text-muted">{t('templates.subtitle')}</p>
      <nav aria-label={t('templates.filterLabel')} className="mt-8 -mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2">
          {FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={filter === 'all' ? '.' : `?category=${filter}`}
                preventScrollReset
                replace
                aria-current={filter === category ? 'page' : undefined}
                className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-slate-300 px-4 text-sm font-medium hover:bg-slate-100 aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-white"
              >
                {tc(`templateCategories.${filter}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="sr-only" aria-live="polite">{t('templates.count', { count: shown.length })}</p>
      <ul className="mt-8 columns-2 gap-4 sm:columns-3 lg:columns-4" data-testid="template-grid">
        {shown.map((template, index) => (
          <TemplateCard
            key={template.id}
            template={template}
            country={country}
            priority={index === 0}
            nearTop={index < 8}
            onBuy={buy}
            text={{
              title: tc(`templates.${template.id}.title`),
              type: tc(`templates.${template.id}.type`),
              price: money.price(template.priceKrw),
              buyNow: t('templates.buyNow'),
            }}
          />
        ))}
      </ul>
    </div>
  );
}
