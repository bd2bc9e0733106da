import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { useRootData } from '../../store-context.ts';
import { prefetchAuthDialog, useAuthDialog } from './auth-provider.tsx';

// Most visitors of the landing pages are not signed in: the account menu's code (the panel, log
// out, the admin link) comes with a signed-in page or the first sign-in, not with every page.
const loadAccountMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(loadAccountMenu);

/** Top bar: a login button when signed out, the user's menu (My Page, admin, log out) when signed in. */
export function UserMenu({ onAction }: { onAction?: () => void }) {
  const { t } = useTranslation('accounts');
  const { user } = useRootData();
  const auth = useAuthDialog();

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
          void loadAccountMenu();
        }}
      >
        <UserIcon className="size-4" aria-hidden="true" />
        {/* On a narrow phone the icon alone fits beside the logo, cart and menu in every language. */}
        <span className="hidden min-[480px]:inline">{t('menu.login')}</span>
      </button>
    );
  }

  // While the menu's code loads after a sign-in, its button without a panel (a server-rendered
  // page keeps its own markup until then: the boundary hydrates when the code is here).
  return (
    <Suspense
      fallback={
        <span className={ACCOUNT_BUTTON_CLASS}>
          <UserIcon className="size-4" aria-hidden="true" />
        </span>
      }
    >
      <AccountMenu user={user} onAction={onAction} />
    </Suspense>
  );
}

export const ACCOUNT_BUTTON_CLASS = 'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink hover:bg-slate-100';
