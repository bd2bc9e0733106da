import { useTranslation } from '../../i18n/react.tsx';
import { Link, useRevalidator } from 'react-router';
import { displayName } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { AdminIcon, LogOutIcon, UserIcon } from '../../components/icons.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { prefetchAuthDialog, useAuthDialog } from './auth-provider.tsx';

/** Top bar: a login button when signed out, the user's menu (My Page, admin, log out) when signed in. */
export function UserMenu({ onAction }: { onAction?: () => void }) {
  const { t } = useTranslation('accounts');
  const { user, country, lang } = useRootData();
  const auth = useAuthDialog();
  const revalidator = useRevalidator();

  if (!user) {
    return (
      <button
        type="button"
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink hover:bg-slate-100"
        aria-label={t('menu.login')}
        onPointerEnter={prefetchAuthDialog}
        onFocus={prefetchAuthDialog}
        onClick={() => {
          onAction?.();
          auth.open();
        }}
      >
        <UserIcon className="size-4" aria-hidden="true" />
        {/* On a narrow phone the icon alone fits beside the logo, cart and menu in every language. */}
        <span className="hidden min-[480px]:inline">{t('menu.login')}</span>
      </button>
    );
  }

  const name = displayName(user);
  async function logout(close: () => void) {
    close();
    onAction?.();
    await apiRequest('POST', '/api/auth/logout', {}, { lang, country });
    toast.message(t('toast.loggedOut'));
    void revalidator.revalidate();
  }

  return (
    <Disclosure
      ariaLabel={t('menu.account', { name })}
      label={
        <>
          <UserIcon className="size-4" aria-hidden="true" />
          {/* On a phone the icon alone fits beside the logo, cart and menu; the button keeps its name.
              From 1024 px a usual full name fits whole (the bar's links give way to it). */}
          <span className="hidden max-w-28 truncate min-[420px]:inline lg:max-w-48" title={name}>{name}</span>
        </>
      }
      buttonClassName="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink hover:bg-slate-100"
      panelClassName="absolute right-0 z-50 mt-2 w-52 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl"
    >
      {(close) => (
        <ul>
          <li>
            <Link to={`/${country}/profile`} onClick={() => { close(); onAction?.(); }} className="flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm hover:bg-slate-100">
              <UserIcon className="size-4" aria-hidden="true" />
              {t('menu.profile')}
            </Link>
          </li>
          {user.role === 'admin' && (
            <li>
              <Link to={`/${country}/admin`} onClick={() => { close(); onAction?.(); }} className="flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm hover:bg-slate-100">
                <AdminIcon className="size-4" aria-hidden="true" />
                {t('menu.admin')}
              </Link>
            </li>
          )}
          <li>
            <button type="button" onClick={() => void logout(close)} className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left text-sm hover:bg-slate-100">
              <LogOutIcon className="size-4" aria-hidden="true" />
              {t('menu.logout')}
            </button>
          </li>
        </ul>
      )}
    </Disclosure>
  );
}
