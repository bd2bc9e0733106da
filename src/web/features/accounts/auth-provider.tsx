/**
 * Opens the sign-in dialog from anywhere in the store (`useAuthDialog().open()`), loading its
 * code on first use; after a sign-in the page data is reloaded so every part sees the user.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PublicUser } from '../../../domain/user.ts';
import type { AuthTab } from './auth-dialog.tsx';

const loadAuthDialog = () => import('./auth-dialog.tsx');
const AuthDialog = lazy(loadAuthDialog);

/** Fetch the dialog's code as a pointer or the focus reaches a sign-in button: the first open is then instant. */
export const prefetchAuthDialog = () => void loadAuthDialog();

interface OpenAuthOptions {
  tab?: AuthTab;
  /** Runs after a successful sign-in or sign-up (e.g. carry on with an order). */
  onAuthenticated?: (user: PublicUser) => void;
  /** Offers the guest purchase button, and what it does. */
  onGuest?: () => void;
  /** Opens at the code step of a staff sign-in (back from Google, issue 36). */
  secondFactor?: { step: 'verify' | 'enroll' };
}

interface AuthDialogApi {
  open(options?: OpenAuthOptions): void;
}

const Context = createContext<AuthDialogApi>({ open: () => {} });

export function useAuthDialog(): AuthDialogApi {
  return useContext(Context);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<{ open: boolean; options: OpenAuthOptions; key: number } | null>(null);
  const open = useCallback((options: OpenAuthOptions = {}) => setState((s) => ({ open: true, options, key: (s?.key ?? 0) + 1 })), []);
  const close = useCallback(() => setState((s) => (s ? { ...s, open: false } : s)), []);
  const api = useMemo(() => ({ open }), [open]);
  return (
    <Context.Provider value={api}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <AuthDialog
            key={state.key}
            open={state.open}
            initialTab={state.options.tab ?? 'login'}
            initialSecondFactor={state.options.secondFactor}
            onClose={close}
            onGuest={state.options.onGuest ? () => {
              close();
              state.options.onGuest?.();
            } : undefined}
            onAuthenticated={async (user) => {
              close();
              // The page's data again, as a navigation to the same address rather than a
              // revalidation: a route showing its 401 boundary (My Page's "login required") resets
              // on a new location, while a fast revalidation can leave it shown (react-router#11597).
              // What comes next (a checkout page) waits for it: a navigation started meanwhile
              // would cancel it, and the layout's data (who is signed in) is not loaded again on a
              // navigation that keeps the layout, so the next page would think nobody is.
              await navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, preventScrollReset: true });
              state.options.onAuthenticated?.(user);
            }}
          />
        </Suspense>
      )}
    </Context.Provider>
  );
}
