import { useTranslation } from '../../i18n/react.tsx';
import { PACKAGE_USAGE_MONTHS, type PackageDefinition } from '../../../domain/catalog/packages.ts';
import { Modal } from '../../components/modal.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { useCart } from '../cart/cart-provider.tsx';
import { useRootData } from '../../store-context.ts';

/** A package's price and terms before it is bought (SPEC section 2); its code loads on the first open. */
export default function PackageDialog({ pkg, onClose }: { pkg: PackageDefinition | null; onClose: () => void }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const cart = useCart();
  const text = useCatalogText();
  const { tax } = useRootData();
  return (
    <Modal open={pkg !== null} onClose={onClose} labelledBy="package-dialog-title" className="max-w-md">
      {pkg && (
        <div className="p-6 sm:p-8">
          <p className="text-sm font-medium text-brand-800">{t('pricing.dialogEyebrow')}</p>
          <h2 id="package-dialog-title" className="mt-1 pr-10 text-2xl font-bold">{tc(`packages.${pkg.slug}.name`)}</h2>
          <p className="mt-4 text-3xl font-extrabold">{text.price(pkg.priceKrw)}</p>
          {tax && <p className="text-xs text-slate-600">{tax.label}</p>}
          <p className="mt-4 text-sm text-muted">{t('pricing.dialogNote', { count: PACKAGE_USAGE_MONTHS })}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose}>{t('dialog.close')}</button>
            {/* Paid online in every store, in its currency (D26). */}
            <button type="button" className="btn-primary" data-buy-package={pkg.slug} onClick={() => { onClose(); cart.checkout({ kind: 'package', slug: pkg.slug }); }}>
              {t('pricing.buyNow')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
