import { useTranslation } from '../../i18n/react.tsx';
import { isRouteErrorResponse, Link, useParams } from 'react-router';
import { isCountryCode } from '../../../domain/countries.ts';

/** 404 and unexpected errors, in the page's language, with a way back home. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t, ready } = useTranslation();
  const params = useParams();
  const home = isCountryCode(params.country) ? `/${params.country}` : '/';
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? (ready ? t('notFound.title') : '404 Page Not Found') : ready ? t('error.title') : 'Something went wrong';
  const description = notFound ? (ready ? t('notFound.description') : '') : ready ? t('error.description') : '';
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      {notFound && <p className="text-6xl font-black text-brand-700" aria-hidden="true">404</p>}
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      {description && <p className="mt-3 max-w-md text-muted">{description}</p>}
      <Link to={home} className="btn-primary mt-8">{ready ? t('notFound.backHome') : 'Back to Home'}</Link>
    </section>
  );
}
