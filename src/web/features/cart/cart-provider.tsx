/**
 * The visitor's cart and the checkout dialog, reachable from anywhere in the store: the top bar's
 * cart button, the template pages' "add to cart" and "buy now", and the packages. A guest's cart
 * is kept under the browser's guest id (D22); signing in brings it into the account's cart.
 */
import type { CartItem, CartList } from '../../../domain/contract/cart.ts';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { guestSessionId } from '../accounts/guest-session.ts';
import type { CheckoutTarget } from './checkout-dialog.tsx';

/** Set while this browser has a guest cart, so signing in merges it (and only then). */
const GUEST_CART_KEY = 'guest_cart';

const loadCartDrawer = () => import('./cart-drawer.tsx');
const loadCheckoutDialog = () => import('./checkout-dialog.tsx');
const CartDrawer = lazy(loadCartDrawer);
const CheckoutDialog = lazy(loadCheckoutDialog);

/**
 * Fetch the drawer's or the checkout's code ahead of the click (a pointer over, or the focus on,
 * the button that opens it), so that the first open does not wait for the network.
 */
export const prefetchCartDrawer = () => void loadCartDrawer();
export const prefetchCheckout = () => void loadCheckoutDialog();

/** A line of GET /api/cart (src/domain/contract/cart.ts). */
type CartLine = CartItem;

interface CartApi {
  /** Null until known: a guest who never filled a cart has none, and no request asks. */
  lines: CartLine[] | null;
  count: number;
  add(templateId: number): Promise<boolean>;
  remove(id: string): Promise<void>;
  /** Sets how many of a line (1 up to the most an order takes). */
  setQuantity(id: string, quantity: number): Promise<void>;
  openCart(): void;
  /** Opens the checkout dialog; `asGuest` when the visitor already chose to buy as a guest. */
  checkout(target: CheckoutTarget, options?: { asGuest?: boolean }): void;
  /** `?sessionId=` for a guest's calls, '' for a signed-in user. */
  guestQuery(): string;
  refresh(): Promise<void>;
}

const Context = createContext<CartApi | null>(null);

export function useCart(): CartApi {
  const api = useContext(Context);
  if (!api) throw new Error('useCart needs a CartProvider');
  return api;
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const store = useRootData();
  const { user } = store;
  const [lines, setLines] = useState<CartLine[] | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [target, setTarget] = useState<{ target: CheckoutTarget; asGuest: boolean } | null>(null);

  const guestQuery = useCallback(() => (user ? '' : `?sessionId=${encodeURIComponent(guestSessionId())}`), [user]);

  const refresh = useCallback(async () => {
    const result = await apiRequest<CartList>('GET', `/api/cart${guestQuery()}`, undefined, store);
    if (result.ok) setLines(result.data.items);
  }, [guestQuery, store]);

  // After hydration (the guest id lives in the browser), and again when the visitor signs in:
  // then a guest cart this browser filled moves into the account first (once). A guest whose
  // browser never filled a cart has none: no request for it on every page they open.
  useEffect(() => {
    if (!user && !localStorage.getItem(GUEST_CART_KEY)) {
      // Empties what a signed-out account showed; on a first visit there is nothing to empty, and
      // leaving the state alone keeps the cart's context as the page hydrated it (a change then
      // rendered every reader again in one task, issue 37). `null` reads as no lines.
      setLines((current) => (current === null ? null : []));
      return;
    }
    let live = true;
    void (async () => {
      if (user && localStorage.getItem(GUEST_CART_KEY)) {
        const merged = await apiRequest('POST', '/api/cart/merge', { sessionId: guestSessionId() }, store);
        if (merged.ok) localStorage.removeItem(GUEST_CART_KEY);
      }
      if (live) await refresh();
    })();
    return () => {
      live = false;
    };
  }, [user?.id]);

  const api = useMemo<CartApi>(() => ({
    lines,
    count: lines?.reduce((sum, line) => sum + line.quantity, 0) ?? 0,
    guestQuery,
    refresh,
    async add(templateId) {
      const result = await apiRequest('POST', `/api/cart${guestQuery()}`, { templateId, quantity: 1, ...(user ? {} : { sessionId: guestSessionId() }) }, store);
      if (!result.ok) {
        toast.error(() => t('cart.addFailed'), result.error.message);
        return false;
      }
      if (!user) localStorage.setItem(GUEST_CART_KEY, '1');
      await refresh();
      toast.success(() => t('cart.added'));
      return true;
    },
    async remove(id) {
      await apiRequest('DELETE', `/api/cart/${id}${guestQuery()}`, undefined, store);
      await refresh();
    },
    async setQuantity(id, quantity) {
      const result = await apiRequest('PATCH', `/api/cart/${id}${guestQuery()}`, { quantity, ...(user ? {} : { sessionId: guestSessionId() }) }, store);
      if (!result.ok) toast.error(() => t('cart.updateFailed'), result.error.message);
      await refresh();
    },
    openCart: () => setDrawer(true),
    checkout: (next, options) => {
      setDrawer(false);
      setTarget({ target: next, asGuest: options?.asGuest ?? false });
    },
  }), [lines, guestQuery, refresh, user, store, t]);

  return (
    <Context.Provider value={api}>
      {children}
      {drawer && <Suspense fallback={null}><CartDrawer onClose={() => setDrawer(false)} /></Suspense>}
      {target && <Suspense fallback={null}><CheckoutDialog target={target.target} asGuest={target.asGuest} onClose={() => setTarget(null)} /></Suspense>}
    </Context.Provider>
  );
}
