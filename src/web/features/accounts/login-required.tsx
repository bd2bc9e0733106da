import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import { useRootData } from '../../store-context.ts';
import { useAuthDialog } from './auth-provider.tsx';

/** SPEC section 2: a signed-out visitor sees 'login required' with a way home (and a way in). */
export function LoginRequired({ title, text }: { title?: string; text?: string } = {}) {
  const { t } = useTranslation('accounts');
  const { country } = useRootData();
  const auth = useAuthDialog();
  return (
    <section className="container-page flex min-h-[50vh] max-w-lg flex-col items-center justify-center py-20 text-center">
      <h1 className="text-2xl font-bold">{title ?? t('profile.loginRequired')}</h1>
      <p className="mt-3 text-muted">{text ?? t('profile.loginRequiredText')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => auth.open()}>{t('menu.login')}</button>
        <Link to={`/${country}`} className="btn-secondary">{t('profile.backHome')}</Link>
      </div>
    </section>
  );
}
