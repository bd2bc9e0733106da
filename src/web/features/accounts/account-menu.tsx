import { useTranslation } from '../../i18n/react.tsx';
import { Link, useRevalidator } from 'react-router';
import { displayName, type PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { AdminIcon, LogOutIcon } from '../../components/later-icons.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { ACCOUNT_BUTTON_CLASS } from './user-menu.tsx';

/** The signed-in visitor's menu in the top bar: My Page, the staff area for an admin, log out. */
export default function AccountMenu({ user, onAction }: { user: PublicUser; onAction?: () => void }) {
  const { t } = useTranslation('accounts');
  const { country, lang } = useRootData();
  const revalidator = useRevalidator();

  const name = displayName(user);
  async function logout(close: () => void) {
    close();
    onAction?.();
    await apiRequest('POST', '/api/auth/logout', {}, { lang, country });
    toast.message(() => t('toast.loggedOut'));
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
      buttonClassName={ACCOUNT_BUTTON_CLASS}
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
