import { Link } from 'react-router';
import type { TemplateDefinition } from '../../../domain/catalog/templates.ts';
import { Picture } from '../../components/picture.tsx';
import { prefetchCheckout } from '../cart/cart-provider.tsx';

interface TemplateCardText {
  title: string;
  type: string;
  price: string;
  buyNow: string;
}

/**
 * A masonry tile: the picture (its text alternative is the title), then always on show, on every
 * width and without a hover (issue 16): the type, the title linking to the detail page (the whole
 * tile is its target), the price and Buy now, which opens the checkout for this template where the
 * visitor is. Texts come from the page, so 27 tiles do not each subscribe to the translator.
 */
export function TemplateCard({ template, text, country, priority, nearTop, onBuy }: { template: TemplateDefinition; text: TemplateCardText; country: string; priority: boolean; nearTop: boolean; onBuy: (templateId: number) => void }) {
  return (
    <li className="group relative mb-4 break-inside-avoid overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md" data-category={template.category}>
      <div className="overflow-hidden bg-slate-100">
        <Picture
          name={template.image}
          alt={text.title}
          sizes="(min-width: 1024px) 23vw, (min-width: 640px) 31vw, 46vw"
          priority={priority}
          deferUntilNear={!nearTop}
          imgClassName="h-auto w-full transition duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs font-medium text-slate-600" data-card-type>{text.type}</p>
        <h2 className="text-sm font-bold leading-snug break-words sm:text-base">
          <Link to={`/${country}/template/${template.id}`} className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-brand-600">
            {text.title}
          </Link>
        </h2>
        <p className="text-sm font-extrabold" data-card-price>{text.price}</p>
        <button
          type="button"
          className="relative z-10 mt-2 inline-flex min-h-11 w-full items-center justify-center rounded-full bg-ink px-3 text-sm font-bold text-white transition-colors hover:bg-slate-700"
          data-buy-template={template.id}
          onPointerEnter={prefetchCheckout}
          onFocus={prefetchCheckout}
          onClick={() => onBuy(template.id)}
        >
          {text.buyNow}
          <span className="sr-only"> {text.title}</span>
        </button>
      </div>
    </li>
  );
}
