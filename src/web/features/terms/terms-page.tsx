import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import type { Route } from './+types/terms-page';
import { pageMeta } from '../../seo/page-meta.ts';

/** Section keys of `terms:sections`, in reading order. */
const SECTIONS = ['service', 'orders', 'schedule', 'refund', 'revisions', 'rights', 'privacy', 'contact'] as const;
export const TERMS_EFFECTIVE_DATE = '2026-11-01';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/terms', text: (t) => ({ title: t('terms:title'), description: t('terms:intro') }) });

export default function TermsPage() {
  const { t, i18n } = useTranslation('terms');
  const { tax } = useRootData();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(TERMS_EFFECTIVE_DATE));
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('updated', { date })}</p>
      <p className="mt-6 leading-relaxed text-slate-700">{t('intro')}</p>
      <nav aria-labelledby="terms-toc" className="mt-8 rounded-2xl bg-slate-50 p-5">
        <h2 id="terms-toc" className="sr-only">{t('title')}</h2>
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {SECTIONS.map((key, index) => (
            <li key={key}>
              <a href={`#${key}`} className="inline-flex min-h-10 items-center font-medium text-brand-800 hover:underline">
                {index + 1}. {t(`sections.${key}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((key, index) => {
        const items = t<Record<string, string>>(`sections.${key}.items`, { returnObjects: true });
        return (
          <section key={key} id={key} aria-labelledby={`${key}-title`} className={`mt-10 scroll-mt-24 ${key === 'refund' ? 'rounded-2xl border-2 border-brand-600 p-5' : ''}`}>
            <h2 id={`${key}-title`} className="text-xl font-bold">{index + 1}. {t(`sections.${key}.title`)}</h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 leading-relaxed text-slate-700">
              {Object.entries(items).map(([n, item]) => (
                // What prices include is the store's tax rule: nothing is said where the seller is not registered (issue 34).
                <li key={n}>{key === 'orders' && n === '2' && tax ? `${t('sections.orders.pricesInclude', { tax: tax.name })} ${item}` : item}</li>
              ))}
            </ol>
          </section>
        );
      })}
    </article>
  );
}
