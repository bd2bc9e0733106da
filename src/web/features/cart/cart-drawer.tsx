/** The cart (SPEC section 7): lines with picture, title, price and quantity (− and +), remove, the total, checkout. */
import { useTranslation } from '../../i18n/react.tsx';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../domain/catalog/pricing.ts';
import { formatMinor } from '../../../domain/money.ts';
import { Picture } from '../../components/picture.tsx';
import { TrashIcon } from '../../components/later-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { useRootData } from '../../store-context.ts';
import { useCart } from './cart-provider.tsx';

export default function CartDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { country, tax } = useRootData();
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
                <li key={line.id} className="flex items-start gap-3 py-3" data-cart-line={line.templateId}>
                  {line.templateImage && (
                    <Picture name={line.templateImage} alt="" sizes="64px" className="shrink-0" imgClassName="size-16 rounded-lg object-cover" />
                  )}
                  <div className="min-w-0 flex-1">
                    {/* The whole name, wrapped: a shop owner tells templates apart by it (issue 33, item 23). */}
                    <p className="break-words font-medium">{line.templateTitle}</p>
                    <p className="text-sm text-slate-600">{formatMinor(line.price.unitMinor, country)}</p>
                    <div className="mt-2 flex items-center gap-2" role="group" aria-label={t('cart.quantityOf', { title: line.templateTitle })}>
                      <button
                        type="button" className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 text-lg hover:bg-slate-100 disabled:opacity-40"
                        disabled={line.quantity <= MIN_QUANTITY} onClick={() => void cart.setQuantity(line.id, line.quantity - 1)}
                        aria-label={t('cart.less', { title: line.templateTitle })}
                      >−</button>
                      <span className="min-w-8 text-center font-semibold" aria-live="polite" data-cart-quantity>{line.quantity}</span>
                      <button
                        type="button" className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 text-lg hover:bg-slate-100 disabled:opacity-40"
                        disabled={line.quantity >= MAX_QUANTITY} onClick={() => void cart.setQuantity(line.id, line.quantity + 1)}
                        aria-label={t('cart.more', { title: line.templateTitle })}
                      >+</button>
                    </div>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold" data-cart-line-total>{formatMinor(line.price.totalMinor, country)}</span>
                    <button type="button" className="inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100" onClick={() => void cart.remove(line.id)} aria-label={t('cart.remove', { title: line.templateTitle })}>
                      <TrashIcon className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-4 flex justify-between border-t border-slate-200 pt-4 text-lg font-bold">
              <span>{t('cart.total')}</span>
              <span data-cart-total>{formatMinor(totalMinor, country)}</span>
            </p>
            {tax && <p className="mt-1 text-right text-xs text-slate-500" data-tax-label>{tax.label}</p>}
            <button type="button" className="btn-primary mt-6 w-full" onClick={() => cart.checkout({ kind: 'cart' })}>{t('cart.checkout')}</button>
          </>
        )}
      </div>
    </Modal>
  );
}
