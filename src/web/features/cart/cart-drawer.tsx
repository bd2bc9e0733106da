/** The cart (SPEC section 7): lines with title, price and quantity, remove, the total, checkout. */
import { useTranslation } from '../../i18n/react.tsx';
import { formatMinor } from '../../../domain/money.ts';
import { TrashIcon } from '../../components/later-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { useRootData } from '../../store-context.ts';
import { useCart } from './cart-provider.tsx';

export default function CartDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { country } = useRootData();
  const cart = useCart();
  const lines = cart.lines ?? [];
  // The server's figures, in the store's currency.
  const totalMinor = lines.reduce((sum, line) => sum + line.price.totalMinor, 0);
  return (
    <Modal open onClose={onClose} labelledBy="cart-title">
      <div className="p-6 sm:p-8">
        <h2 id="cart-title" className="text-2xl font-bold">{t('cart.title')}</h2>
        {lines.length === 0 ? (
          <p className="mt-4 text-slate-600">{t('cart.empty')}</p>
        ) : (
          <>
            <ul className="mt-5 divide-y divide-slate-100">
              {lines.map((line) => (
                <li key={line.id} className="flex items-center justify-between gap-4 py-3" data-cart-line={line.templateId}>
                  <div className="min-w-0">
                    <p className="truncate font-medium">{line.templateTitle}</p>
                    <p className="text-sm text-slate-600">{formatMinor(line.price.unitMinor, country)} × {line.quantity}</p>
                  </div>
                  <button type="button" className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-100" onClick={() => void cart.remove(line.id)} aria-label={t('cart.remove', { title: line.templateTitle })}>
                    <TrashIcon className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
            <p className="mt-4 flex justify-between border-t border-slate-200 pt-4 text-lg font-bold">
              <span>{t('cart.total')}</span>
              <span data-cart-total>{formatMinor(totalMinor, country)}</span>
            </p>
            <button type="button" className="btn-primary mt-6 w-full" onClick={() => cart.checkout({ kind: 'cart' })}>{t('cart.checkout')}</button>
          </>
        )}
      </div>
    </Modal>
  );
}
