import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { SERVICES, type ServiceDefinition } from '../../../domain/catalog/services.ts';
import { ClockIcon } from '../../components/icons.tsx';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { BeforeAfter } from './before-after.tsx';

const loadServiceDialog = () => import('./service-dialog.tsx');
const ServiceDialog = lazy(async () => ({ default: (await loadServiceDialog()).ServiceDialog }));
/** The dialog's code is fetched as a pointer or the focus reaches a card, so a click opens it at once. */
const prefetchServiceDialog = () => void loadServiceDialog();

const CARD_SIZES = '(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw';

function ServiceCard({ service, onOpen }: { service: ServiceDefinition; onOpen: () => void }) {
  const { t } = useTranslation('catalog');
  const text = useCatalogText();
  const name = t(`services.${service.slug}.name`);
  return (
    // The whole card opens the dialog for a pointer; the title button is the keyboard's way in.
    <li
      onClick={onOpen}
      onPointerEnter={prefetchServiceDialog}
      onFocus={prefetchServiceDialog}
      className="group flex cursor-pointer flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      {service.beforeImage ? (
        <BeforeAfter after={service.image} before={service.beforeImage} alt={name} sizes={CARD_SIZES} />
      ) : (
        <Picture name={service.image} alt={name} sizes={CARD_SIZES} imgClassName="aspect-[4/3] w-full object-cover" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold">
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onOpen();
            }}
            className="text-left hover:text-brand-700"
            data-service-id={service.id}
          >
            {name}
          </button>
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">{t(`services.${service.slug}.description`)}</p>
        <div className="mt-4 flex items-end justify-between gap-3">
          <p className="text-lg font-extrabold text-ink">{text.servicePrice(service)}</p>
          <p className="flex items-center gap-1 text-xs text-slate-600">
            <ClockIcon className="size-3.5" aria-hidden="true" />
            {text.delivery(service.delivery)}
          </p>
        </div>
      </div>
    </li>
  );
}

export function Products() {
  const { t } = useTranslation('home');
  const [selected, setSelected] = useState<ServiceDefinition | null>(null);
  // The dialog joins the page on its first open and stays, so closing it is the native dialog's
  // close (the focus goes back to the card's button) rather than its removal.
  const [opened, setOpened] = useState(false);
  const open = (service: ServiceDefinition) => {
    setOpened(true);
    setSelected(service);
  };
  return (
    <section id="products" aria-labelledby="products-title" className="bg-slate-50 py-20">
      <div className="container-page">
        <div className="max-w-2xl">
          <h2 id="products-title" className="section-title">{t('products.title')}</h2>
          <p className="section-lead">{t('products.subtitle')}</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((service) => (
            <ServiceCard key={service.id} service={service} onOpen={() => open(service)} />
          ))}
        </ul>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <ServiceDialog service={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </section>
  );
}
