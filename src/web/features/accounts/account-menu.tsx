import { useTranslation } from '../../i18n/react.tsx';
import { Link, useRevalidator } from 'react-router';
import { displayName, type PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { AdminIcon, LogOutIcon } from '../../components/later-icons.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { useWaitingMessages } from '../conversation/waiting.ts';
import { ACCOUNT_BUTTON_CLASS } from './user-menu.tsx';

const COUNT_CLASS = 'min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-bold leading-5 text-white';
const BADGE_CLASS = 'min-w-4 rounded-full bg-brand-700 px-1 text-center text-[0.625rem] font-bold leading-4 text-white ring-2 ring-white';
const shortCount = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The signed-in visitor's menu in the top bar: My Page, the staff area for an admin, log out; with
 * the count of what waits in order conversations (their unread messages; customers awaiting staff).
 */
export default function AccountMenu({ user, onAction }: { user: PublicUser; onAction?: () => void }) {
  const { t } = useTranslation('accounts');
  const { country, lang } = useRootData();
  const revalidator = useRevalidator();

  const name = displayName(user);
  const waiting = useWaitingMessages(user.id, { lang, country });
  const unread = waiting?.unread ?? 0;
  const awaiting = waiting?.awaitingReply ?? 0;
  const notices = [unread ? t('menu.unread', { count: unread }) : '', awaiting ? t('menu.waiting', { count: awaiting }) : ''].filter(Boolean);
  async function logout(close: () => void) {
    close();
    onAction?.();
    await apiRequest('POST', '/api/auth/logout', {}, { lang, country });
    toast.message(() => t('toast.loggedOut'));
    void revalidator.revalidate();
  }

  return (
    <Disclosure
      ariaLabel={[t('menu.account', { name }), ...notices].join(', ')}
      label={
        <>
          {/* The count sits on the icon's corner: the button keeps its width when it arrives (no shift, no
              menu pushed out of a 320 px bar). */}
          <span className="relative mr-1 inline-flex">
            <UserIcon className="size-4" aria-hidden="true" />
            {unread + awaiting > 0 && <span className={`absolute -right-2 -top-2 ${BADGE_CLASS}`} aria-hidden="true" data-waiting={unread + awaiting}>{shortCount(unread + awaiting)}</span>}
          </span>
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
              <UserIcon className="size-4 shrink-0" aria-hidden="true" />
              {t('menu.profile')}
              {unread > 0 && <WaitingCount count={unread} label={t('menu.unread', { count: unread })} />}
            </Link>
          </li>
          {user.role === 'admin' && (
            <li>
              <Link to={`/${country}/admin`} onClick={() => { close(); onAction?.(); }} className="flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm hover:bg-slate-100">
                <AdminIcon className="size-4 shrink-0" aria-hidden="true" />
                {t('menu.admin')}
                {awaiting > 0 && <WaitingCount count={awaiting} label={t('menu.waiting', { count: awaiting })} />}
              </Link>
            </li>
          )}
          <li>
            <button type="button" onClick={() => void logout(close)} className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left text-sm hover:bg-slate-100">
              <LogOutIcon className="size-4 shrink-0" aria-hidden="true" />
              {t('menu.logout')}
            </button>
          </li>
        </ul>
      )}
    </Disclosure>
  );
}

/** A count beside a menu item, read out in words. */
function WaitingCount({ count, label }: { count: number; label: string }) {
  return (
    <>
      <span className={`ml-auto ${COUNT_CLASS}`} aria-hidden="true">{shortCount(count)}</span>
      <span className="sr-only">{label}</span>
    </>
  );
}
