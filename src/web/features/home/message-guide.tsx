/**
 * The scroll-pinned chat demo (SPEC sections 2 and 9, anchor message-guide): while the visitor
 * scrolls through the section, a conversation plays on a timeline, 420 px of scroll per second
 * under 768 px wide and 560 px above. The section's height is pure CSS, so nothing shifts when
 * the script arrives; without script (or with reduced motion) the whole conversation shows.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { ArrowRightIcon } from '../../components/icons.tsx';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { INCLUDED_IMAGES, SERVICES } from '../../../domain/catalog/services.ts';

const PX_PER_SECOND_NARROW = 420;
const PX_PER_SECOND_WIDE = 560;
const NARROW_BELOW_PX = 768;

interface Step {
  at: number;
  from: 'user' | 'ai';
  text?: string;
  image?: string;
  /** Seconds of "typing…" before an AI message appears. */
  typing?: number;
}

const GUIDE_STEPS: readonly Step[] = [
  { at: 0.3, from: 'user', text: 'm1' },
  { at: 1.5, from: 'ai', text: 'm2', typing: 0.8 },
  { at: 2.4, from: 'user', image: 'guide-before', text: 'm3' },
  { at: 4.0, from: 'ai', image: 'guide-after', text: 'm4', typing: 1.0 },
  { at: 4.9, from: 'user', text: 'm5' },
  { at: 6.1, from: 'ai', text: 'm6', typing: 0.8 },
];
const GUIDE_SECONDS = 7;

function pxPerSecond(viewportWidth: number): number {
  return viewportWidth < NARROW_BELOW_PX ? PX_PER_SECOND_NARROW : PX_PER_SECOND_WIDE;
}

function TypingDots({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center gap-1 rounded-2xl rounded-bl-sm bg-white px-4 py-3 shadow-sm">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-2 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </span>
  );
}

export function MessageGuide() {
  const { t } = useTranslation('home');
  const section = useRef<HTMLElement>(null);
  const text = useCatalogText();
  const cutout = SERVICES[0]!;
  const price = cutout.pricing.kind === 'fixed' ? text.price(cutout.pricing.basePriceKrw) : '';
  const [time, setTime] = useState(Number.POSITIVE_INFINITY);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = section.current;
      if (!el) return;
      const scrolled = -el.getBoundingClientRect().top;
      const seconds = Math.max(0, scrolled / pxPerSecond(window.innerWidth));
      setTime(Math.round(seconds * 10) / 10);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  return (
    <section
      id="message-guide"
      ref={section}
      aria-labelledby="guide-title"
      className="later-section relative bg-gradient-to-b from-white to-brand-50 [--guide-px:420px] md:[--guide-px:560px]"
      style={{ height: `calc(var(--guide-px) * ${GUIDE_SECONDS} + 100dvh)` }}
    >
      <div className="sticky top-16 flex h-[calc(100dvh-4rem)] items-center">
        <div className="container-page grid items-center gap-6 md:grid-cols-2 md:gap-12">
          <div>
            <h2 id="guide-title" className="section-title">{t('guide.title')}</h2>
            <p className="section-lead hidden sm:block">{t('guide.subtitle')}</p>
            <a href="#pricing" className="btn-primary mt-4 sm:mt-6">
              {t('guide.startNow')}
              <ArrowRightIcon className="size-4" aria-hidden="true" />
            </a>
          </div>
          <div className="mx-auto w-full max-w-sm rounded-[2rem] bg-slate-900 p-2 shadow-2xl">
            <div className="flex items-center gap-2 rounded-t-[1.6rem] bg-slate-800 px-4 py-3 text-sm font-semibold text-white">
              <span className="size-2.5 rounded-full bg-brand-500" aria-hidden="true" />
              {t('guide.chatName')}
            </div>
            <ol className="flex h-[min(60dvh,30rem)] flex-col justify-end gap-2 overflow-hidden rounded-b-[1.6rem] bg-slate-100 p-3" aria-label={t('guide.chatLabel')}>
              {GUIDE_STEPS.map((step, index) => {
                const shown = time >= step.at;
                const typing = !shown && step.typing !== undefined && time >= step.at - step.typing;
                const mine = step.from === 'user';
                return (
                  <li
                    key={index}
                    data-shown={shown}
                    className={`relative flex ${mine ? 'justify-end' : 'justify-start'}`}
                  >
                    {typing && (
                      <span className="absolute bottom-0 left-0">
                        <TypingDots label={t('guide.typing')} />
                      </span>
                    )}
                    <div
                      aria-hidden={!shown}
                      className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm transition duration-300 ${
                        mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-ink'
                      } ${shown ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-2 opacity-0'}`}
                    >
                      {step.image && (
                        <Picture name={step.image} alt={t(`guide.images.${step.image}`)} sizes="160px" imgClassName="mb-1.5 size-28 rounded-xl object-cover sm:size-36" />
                      )}
                      {step.text && <p>{t(`guide.messages.${step.text}`, { price, count: INCLUDED_IMAGES })}</p>}
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
        </div>
      </div>
    </section>
  );
}
