/**
 * The hero slideshow (SPEC sections 2 and 9): 14 images, a new one every 1000 ms revealed by a
 * 350 ms clip-path wipe, starting 300 ms after the page is ready. It opens on the slide drawn
 * with the hero's headline (`first`) and goes round from there. Only the shown slide and the
 * next one are in the page, so the first paint loads a single image. It can be paused (WCAG
 * 2.2.2) and stands still for visitors who prefer reduced motion.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Picture } from '../../components/picture.tsx';

const SLIDE_COUNT = 14;
const SLIDE_INTERVAL_MS = 1000;
const WIPE_MS = 350;
const START_DELAY_MS = 300;

const SIZES = '(min-width: 768px) 45vw, 92vw';
export function Slideshow({ first = 1 }: { first?: number }) {
  const { t } = useTranslation('home');
  const [current, setCurrent] = useState(0);
  const [wiping, setWiping] = useState(false);
  const [paused, setPaused] = useState(false);
  const next = (current + 1) % SLIDE_COUNT;
  /** The slide (1-14) at a position of the show, which starts at `first`. */
  const slideAt = (position: number) => ((first - 1 + position) % SLIDE_COUNT) + 1;

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let wipeTimer: ReturnType<typeof setTimeout> | undefined;
    const advance = () => {
      setWiping(true);
      wipeTimer = setTimeout(() => {
        setCurrent((index) => (index + 1) % SLIDE_COUNT);
        setWiping(false);
      }, WIPE_MS);
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      advance();
      interval = setInterval(advance, SLIDE_INTERVAL_MS + WIPE_MS);
    }, START_DELAY_MS + SLIDE_INTERVAL_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(wipeTimer);
      clearInterval(interval);
    };
  }, [paused]);

  return (
    <figure className="relative" aria-roledescription={t('slideshow.roleDescription')} aria-label={t('slideshow.label')} data-slide={slideAt(current)}>
      <div className="relative aspect-[3/2] overflow-hidden rounded-3xl bg-slate-100 shadow-2xl ring-1 ring-black/5">
        <Picture
          key={current}
          name={`slide-${slideAt(current)}`}
          alt={t(`slideshow.alt.${slideAt(current)}`)}
          sizes={SIZES}
          priority={current === 0}
          imgClassName="absolute inset-0 size-full object-cover"
        />
        <Picture
          key={`next-${next}`}
          name={`slide-${slideAt(next)}`}
          alt=""
          sizes={SIZES}
          imgClassName="absolute inset-0 size-full object-cover"
          style={{
            clipPath: wiping ? 'inset(0 0 0 0)' : 'inset(0 100% 0 0)',
            transition: wiping ? `clip-path ${WIPE_MS}ms ease-in-out` : 'none',
          }}
        />
      </div>
      <figcaption className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-600">
        <span aria-live="off">{t('slideshow.counter', { current: current + 1, total: SLIDE_COUNT })}</span>
        <button type="button" className="min-h-11 rounded-full px-3 font-medium hover:bg-slate-100" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? t('slideshow.play') : t('slideshow.pause')}
        </button>
      </figcaption>
    </figure>
  );
}
