/**
 * Before/after wipe for service cards 1-10 (SPEC section 2): the pointer's position over the
 * image decides how much of the source photo shows; leaving restores the finished shot. On a
 * touch screen a finger dragging sideways does the same (vertical drags still scroll the page),
 * and the hint says so: nothing hovers on a phone (issue 33, item 29).
 */
import { useState, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Picture } from '../../components/picture.tsx';

/** Where along the image the pointer is, in percent. */
function splitAt(event: PointerEvent<HTMLDivElement>): number {
  const box = event.currentTarget.getBoundingClientRect();
  return Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100));
}

export function BeforeAfter({ after, before, alt, sizes }: { after: string; before: string; alt: string; sizes: string }) {
  const { t } = useTranslation('home');
  const [split, setSplit] = useState<number | null>(null);
  return (
    <div
      className="relative touch-pan-y overflow-hidden"
      data-testid="before-after"
      onPointerDown={(event) => setSplit(splitAt(event))}
      onPointerMove={(event) => {
        // A mouse moves over it; a finger must be down.
        if (event.pointerType === 'mouse' || event.buttons > 0) setSplit(splitAt(event));
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setSplit(null);
      }}
    >
      <Picture name={after} alt={alt} sizes={sizes} imgClassName="aspect-[4/3] w-full object-cover" />
      {split !== null && (
        <>
          <Picture
            name={before}
            alt=""
            sizes={sizes}
            className="absolute inset-0"
            imgClassName="aspect-[4/3] w-full object-cover"
            style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
          />
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${split}%` }} />
          <span aria-hidden="true" className="pointer-events-none absolute left-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">{t('products.before')}</span>
          <span aria-hidden="true" className="pointer-events-none absolute right-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('products.after')}</span>
        </>
      )}
      {split === null && (
        <span aria-hidden="true" className="pointer-events-none absolute bottom-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
          <span className="hidden [@media(hover:hover)]:inline" data-hint="hover">{t('products.hoverHint')}</span>
          <span className="[@media(hover:hover)]:hidden" data-hint="touch">{t('products.touchHint')}</span>
        </span>
      )}
    </div>
  );
}
