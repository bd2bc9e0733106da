import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import { PACKAGE_USAGE_MONTHS, PACKAGES, type PackageDefinition } from '../../../domain/catalog/packages.ts';
import { CheckIcon, StarIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { useStore } from '../../store-context.ts';
import { useCart } from '../cart/cart-provider.tsx';

function PackageCard({ pkg, onSelect }: { pkg: PackageDefinition; onSelect: () => void }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const text = useCatalogText();
  return (
    <li
      className={`relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm ${
        pkg.popular ? 'border-brand-600 ring-2 ring-brand-600 lg:-translate-y-3' : 'border-slate-200'
      }`}
    >
      {pkg.popular && (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white shadow">
          <StarIcon className="size-3.5" aria-hidden="true" />
          {t('pricing.popular')}
        </span>
      )}
      <h3 className="text-xl font-bold">{tc(`packages.${pkg.slug}.name`)}</h3>
      <p className="mt-2 text-sm text-muted">{tc(`packages.${pkg.slug}.description`)}</p>
      <div className="mt-5 flex h-56 items-center justify-center overflow-hidden rounded-2xl bg-slate-100">
        <Picture
          name={pkg.image}
          alt={t('pricing.mockupAlt', { name: tc(`packages.${pkg.slug}.name`) })}
          sizes="(min-width: 1024px) 30vw, 90vw"
          imgClassName="h-56 w-auto object-contain"
        />
      </div>
      <p className="mt-5 text-3xl font-extrabold">{text.price(pkg.priceKrw)}</p>
      <p className="text-xs text-slate-600">{t('pricing.vatIncluded')}</p>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            {tc(`packages.features.${feature}`)}
          </li>
        ))}
        <li className="flex gap-2">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          {text.delivery(pkg.delivery)}
        </li>
      </ul>
      <button type="button" onClick={onSelect} className={`${pkg.popular ? 'btn-primary' : 'btn-secondary'} mt-6 w-full`} data-package={pkg.slug}>
        {t('pricing.select')}
      </button>
    </li>
  );
}

export function Pricing() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const { country } = useStore();
  const cart = useCart();
  const text = useCatalogText();
  const [selected, setSelected] = useState<PackageDefinition | null>(null);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="py-20">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className="section-title">{t('pricing.title')}</h2>
          <p className="section-lead">{t('pricing.subtitle')}</p>
        </div>
        <ul className="mt-14 grid gap-8 lg:grid-cols-3">
          {PACKAGES.map((pkg) => (
            <PackageCard key={pkg.slug} pkg={pkg} onSelect={() => setSelected(pkg)} />
          ))}
        </ul>
        <div className="mt-10 space-y-1 text-center text-sm text-slate-600">
          <p>{t('pricing.usageLimit', { count: PACKAGE_USAGE_MONTHS })}</p>
          <Link to={`/${country}/terms`} className="font-medium text-brand-800 underline underline-offset-2">
            {t('pricing.refundLink')}
          </Link>
        </div>
      </div>
      <Modal open={selected !== null} onClose={() => setSelected(null)} labelledBy="package-dialog-title" className="max-w-md">
        {selected && (
          <div className="p-6 sm:p-8">
            <p className="text-sm font-medium text-brand-800">{t('pricing.dialogEyebrow')}</p>
            <h2 id="package-dialog-title" className="mt-1 pr-10 text-2xl font-bold">{tc(`packages.${selected.slug}.name`)}</h2>
            <p className="mt-4 text-3xl font-extrabold">{text.price(selected.priceKrw)}</p>
            <p className="text-xs text-slate-600">{t('pricing.vatIncluded')}</p>
            <p className="mt-4 text-sm text-muted">{t('pricing.dialogNote', { count: PACKAGE_USAGE_MONTHS })}</p>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button type="button" className="btn-secondary" onClick={() => setSelected(null)}>{t('dialog.close')}</button>
              {/* Paid online in every store, in its currency (D26). */}
              <button type="button" className="btn-primary" data-buy-package={selected.slug} onClick={() => { setSelected(null); cart.checkout({ kind: 'package', slug: selected.slug }); }}>
                {t('pricing.buyNow')}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}
