/**
 * Before/after wipe for service cards 1-10 (SPEC section 2): the pointer's position over the
 * image decides how much of the source photo shows; leaving restores the finished shot. On a
 * touch screen a finger dragging sideways does the same (vertical drags still scroll the page),
 * and the hint says so: nothing hovers on a phone (issue 33, item 29).
 */
import { useState, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Picture } from '../../components/picture.tsx';

export function BeforeAfter({ after, before, alt, sizes }: { after: string; before: string; alt: string; sizes: string }) {
  const { t } = useTranslation('home');
  const [split, setSplit] = useState<number | null>(null);
  /** The source photo shown up to the pointer, in percent of the width. */
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setSplit(Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100)));
  };
  return (
    <div
      className="relative touch-pan-y overflow-hidden"
      data-testid="before-after"
      onPointerDown={follow}
      // A mouse moves over it; a finger must be down. Only a mouse leaving restores the finished shot.
      onPointerMove={(event) => (event.pointerType === 'mouse' || event.buttons) && follow(event)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setSplit(null)}
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
          <span className="only-hover">{t('products.hoverHint')}</span>
          <span className="only-touch">{t('products.touchHint')}</span>
        </span>
      )}
    </div>
  );
}
