/** Previous and next page links that keep the list's filters (the query string). */
import { useTranslation } from '../../i18n/react.tsx';
import { Link, useLocation } from 'react-router';

export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? <Link to={to(page - 1)} className="btn-secondary" rel="prev">{t('pagination.prev')}</Link> : <span />}
      <span className="text-slate-600">{t('pagination.page', { page, pages })}</span>
      {page < pages ? <Link to={to(page + 1)} className="btn-secondary" rel="next">{t('pagination.next')}</Link> : <span />}
    </nav>
  );
}
