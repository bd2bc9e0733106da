import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import { PACKAGE_USAGE_MONTHS, PACKAGES, type PackageDefinition } from '../../../domain/catalog/packages.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { StarIcon } from './lower-section-icons.tsx';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { useRootData, useStore } from '../../store-context.ts';

const loadPackageDialog = () => import('./package-dialog.tsx');
const PackageDialog = lazy(loadPackageDialog);
/** The dialog's code is fetched as a pointer or the focus reaches a package's button, so a click opens it at once. */
const prefetchPackageDialog = () => void loadPackageDialog();

function PackageCard({ pkg, onSelect }: { pkg: PackageDefinition; onSelect: () => void }) {
  const { tax } = useRootData();
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
      <h3 className="flex items-center gap-3 text-xl font-bold">
        {/* Each package's own icon (SPEC's package cards, issue 33 item 10), drawn by the style
            sheet from public/icons (lucide's megaphone, bike and shopping bag): no script for it. */}
        <span className="package-icon" data-package-icon={pkg.slug} />
        {tc(`packages.${pkg.slug}.name`)}
      </h3>
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
      {tax && <p className="text-xs text-slate-600">{tax.label}</p>}
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
      <button type="button" onClick={onSelect} onPointerEnter={prefetchPackageDialog} onFocus={prefetchPackageDialog} className={`${pkg.popular ? 'btn-primary' : 'btn-secondary'} mt-6 w-full`} data-package={pkg.slug}>
        {t('pricing.select')}
      </button>
    </li>
  );
}

export function Pricing() {
  const { t } = useTranslation('home');
  const { country } = useStore();
  const [selected, setSelected] = useState<PackageDefinition | null>(null);
  // Mounted on the first open and kept, so a close hands the focus back to the package's button.
  const [opened, setOpened] = useState(false);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="py-20">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className="section-title">{t('pricing.title')}</h2>
          <p className="section-lead">{t('pricing.subtitle')}</p>
        </div>
        <ul className="mt-14 grid gap-8 lg:grid-cols-3">
          {PACKAGES.map((pkg) => (
            <PackageCard key={pkg.slug} pkg={pkg} onSelect={() => { setOpened(true); setSelected(pkg); }} />
          ))}
        </ul>
        <div className="mt-10 space-y-1 text-center text-sm text-slate-600">
          <p>{t('pricing.usageLimit', { count: PACKAGE_USAGE_MONTHS })}</p>
          <Link to={`/${country}/terms`} className="font-medium text-brand-800 underline underline-offset-2">
            {t('pricing.refundLink')}
          </Link>
        </div>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <PackageDialog pkg={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </section>
  );
}
