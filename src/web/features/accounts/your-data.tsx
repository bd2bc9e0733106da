/**
 * My Page: download everything the store holds about me (issue 36), as JSON or as a zip with my
 * files. Plain links: the browser sends the session cookie with a same-origin GET and saves the
 * attachment, so nothing here needs JavaScript.
 */
import { useTranslation } from '../../i18n/react.tsx';

export function YourData() {
  const { t } = useTranslation('accounts');
  return (
    <section aria-labelledby="your-data" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-your-data>
      <h2 id="your-data" className="text-lg font-bold">{t('yourData.title')}</h2>
      <p className="mt-2 text-sm text-slate-600">{t('yourData.text')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href="/api/account/data" download className="btn-secondary" data-download="json">{t('yourData.json')}</a>
        <a href="/api/account/data.zip" download className="btn-secondary" data-download="zip">{t('yourData.zip')}</a>
      </div>
    </section>
  );
}
