import { Trans, useTranslation } from '../../i18n/react.tsx';
import { ArrowRightIcon } from '../../components/icons.tsx';
import type { HeroPick } from './hero-variant.ts';
import { Slideshow } from './slideshow.tsx';

/** Brand words in titles are marked <hl>…</hl> in the catalogs and shown in green. */
const highlight = { hl: <span className="text-brand-600" /> };

export function Hero({ pick }: { pick: HeroPick }) {
  const { t } = useTranslation('home');
  const { variant } = pick;
  return (
    <section id="home" aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white" data-hero-variant={variant}>
      <div className="container-page grid items-center gap-10 py-12 md:grid-cols-2 md:py-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
            {t('hero.badge')}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-ink sm:text-5xl">
            <Trans t={t} i18nKey={`hero.titles.${variant}`} components={highlight} />
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">{t(`hero.subtitles.${variant}`)}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#pricing" className="btn-primary px-6 text-base">
              {t('hero.getStarted')}
              <ArrowRightIcon className="size-4" aria-hidden="true" />
            </a>
            <a href="#portfolio" className="btn-secondary px-6 text-base">{t('hero.viewSamples')}</a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            <li>✓ {t('hero.points.cheaper')}</li>
            <li>✓ {t('hero.points.fast')}</li>
            <li>✓ {t('hero.points.rights')}</li>
          </ul>
        </div>
        <Slideshow first={pick.slide} />
      </div>
    </section>
  );
}
