/** What a staff page shows instead of itself: staff sign-in required (401) or SPEC's access-denied text (403). */
import { useTranslation } from '../../i18n/react.tsx';
import { isRouteErrorResponse, Link } from 'react-router';
import { useRootData } from '../../store-context.ts';
import { LoginRequired } from '../accounts/login-required.tsx';

export function StaffOnly({ error }: { error: unknown }) {
  const { t } = useTranslation('accounts');
  const { user, country } = useRootData();
  // Signed out: the staff area's own words (My Page's would promise the visitor's orders).
  if (isRouteErrorResponse(error) && error.status === 401) return <LoginRequired title={t('admin.loginRequired')} text={t('admin.loginRequiredText')} />;
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <section className="container-page flex min-h-[50vh] max-w-lg flex-col items-center justify-center py-20 text-center">
      <h1 className="text-2xl font-bold">{t('admin.accessDenied')}</h1>
      <p className="mt-3 text-muted">{t('admin.accessDeniedText', { email: user?.email ?? '' })}</p>
      <Link to={`/${country}`} className="btn-secondary mt-8">{t('profile.backHome')}</Link>
    </section>
  );
}
