import { useTranslation } from '../../i18n/react.tsx';
import { CartIcon } from '../../components/icons.tsx';
import { prefetchCartDrawer, useCart } from './cart-provider.tsx';

/** The top bar's cart button with the number of items (SPEC section 7 cart). */
export function CartButton() {
  const { t } = useTranslation();
  const cart = useCart();
  return (
    <button type="button" onClick={cart.openCart} onPointerEnter={prefetchCartDrawer} onFocus={prefetchCartDrawer} className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-100" aria-label={t('cart.open', { count: cart.count })} data-cart-count={cart.count}>
      <CartIcon className="size-5" aria-hidden="true" />
      {cart.count > 0 && <span className="absolute right-0.5 top-0.5 grid min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-[11px] font-bold text-white" aria-hidden="true">{cart.count}</span>}
    </button>
  );
}
