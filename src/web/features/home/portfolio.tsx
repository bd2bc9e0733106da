import { useTranslation } from '../../i18n/react.tsx';
import { Picture } from '../../components/picture.tsx';

const ITEMS = [1, 2, 3, 4, 5, 6] as const;

export function Portfolio() {
  const { t } = useTranslation('home');
  return (
    <section id="portfolio" aria-labelledby="portfolio-title" className="bg-slate-950 py-20 text-white">
      <div className="container-page">
        <div className="max-w-2xl">
          <h2 id="portfolio-title" className="text-2xl font-bold tracking-tight sm:text-3xl">{t('portfolio.title')}</h2>
          <p className="mt-3 text-base text-slate-300 sm:text-lg">{t('portfolio.subtitle')}</p>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
          {ITEMS.map((n) => (
            <li key={n}>
              <figure className="overflow-hidden rounded-2xl bg-slate-900">
                <Picture name={`portfolio-${n}`} alt={t(`portfolio.items.${n}.alt`)} sizes="(min-width: 1024px) 30vw, 46vw" imgClassName="aspect-square w-full object-cover transition duration-500 hover:scale-105" />
                <figcaption className="px-4 py-3 text-sm">
                  <span className="font-semibold">{t(`portfolio.items.${n}.title`)}</span>
                  <span className="block text-slate-400">{t(`portfolio.items.${n}.category`)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
