import { Link } from 'react-router';
import type { TemplateDefinition } from '../../../domain/catalog/templates.ts';
import { Picture } from '../../components/picture.tsx';

export interface TemplateCardText {
  title: string;
  type: string;
  price: string;
  buyNow: string;
}

/**
 * A masonry tile: the image, and on hover or focus its title, type, price and Buy Now. Texts
 * come from the page, so 27 tiles do not each subscribe to the translator.
 */
export function TemplateCard({ template, text, country, priority, nearTop }: { template: TemplateDefinition; text: TemplateCardText; country: string; priority: boolean; nearTop: boolean }) {
  return (
    <li className="group relative mb-4 break-inside-avoid overflow-hidden rounded-2xl bg-slate-100 shadow-sm" data-category={template.category}>
      <Link to={`/${country}/template/${template.id}`} className="block" aria-label={text.title}>
        <Picture
          name={template.image}
          alt=""
          sizes="(min-width: 1024px) 23vw, (min-width: 640px) 31vw, 46vw"
          priority={priority}
          deferUntilNear={!nearTop}
          imgClassName="h-auto w-full"
        />
      </Link>
      <div className="pointer-events-none absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/20 to-transparent p-3 text-white opacity-100 transition sm:p-4 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
        <p className="text-xs font-medium text-white/80">{text.type}</p>
        <h2 className="text-sm font-bold sm:text-base">{text.title}</h2>
        <div className="mt-2 flex items-center justify-between gap-2">
          <p className="text-sm font-extrabold">{text.price}</p>
          <Link
            to={`/${country}#pricing`}
            className="pointer-events-auto hidden rounded-full bg-white px-3 py-1.5 text-xs font-bold text-ink hover:bg-brand-50 sm:inline-flex"
            data-buy-template={template.id}
          >
            {text.buyNow}
          </Link>
        </div>
      </div>
    </li>
  );
}
