import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TemplateDefinition } from '../../../domain/catalog/templates.ts';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { useStore } from '../../store-context.ts';

/** A masonry tile: the image, and on hover or focus its title, type, price and Buy Now. */
export function TemplateCard({ template, priority }: { template: TemplateDefinition; priority: boolean }) {
  const { t } = useTranslation('catalog');
  const { t: th } = useTranslation('home');
  const { country } = useStore();
  const text = useCatalogText();
  const title = t(`templates.${template.id}.title`);
  return (
    <li className="group relative mb-4 break-inside-avoid overflow-hidden rounded-2xl bg-slate-100 shadow-sm" data-category={template.category}>
      <Link to={`/${country}/template/${template.id}`} className="block" aria-label={title}>
        <Picture
          name={template.image}
          alt=""
          sizes="(min-width: 1024px) 23vw, (min-width: 640px) 31vw, 46vw"
          priority={priority}
          imgClassName="h-auto w-full"
        />
      </Link>
      <div className="pointer-events-none absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/20 to-transparent p-3 text-white opacity-100 transition sm:p-4 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
        <p className="text-xs font-medium text-white/80">{t(`templates.${template.id}.type`)}</p>
        <h2 className="text-sm font-bold sm:text-base">{title}</h2>
        <div className="mt-2 flex items-center justify-between gap-2">
          <p className="text-sm font-extrabold">{text.price(template.priceKrw)}</p>
          <Link
            to={`/${country}#pricing`}
            className="pointer-events-auto hidden rounded-full bg-white px-3 py-1.5 text-xs font-bold text-ink hover:bg-brand-50 sm:inline-flex"
            data-buy-template={template.id}
          >
            {th('templates.buyNow')}
          </Link>
        </div>
      </div>
    </li>
  );
}
