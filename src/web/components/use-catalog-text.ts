/**
 * Localized labels for catalog items: prices in the store's currency (D8), quote text,
 * delivery windows and revision counts, all from the one catalog (D1).
 */
import { useTranslation } from '../i18n/react.tsx';
import type { ServiceDefinition } from '../../domain/catalog/services.ts';
import { localizePrice } from '../../domain/money.ts';
import { useStore } from '../store-context.ts';

export function useCatalogText() {
  const { t } = useTranslation();
  const { country } = useStore();
  const price = (krw: number) => localizePrice(krw, country);
  return {
    price,
    servicePrice: (service: ServiceDefinition) =>
      service.pricing.kind === 'fixed' ? price(service.pricing.basePriceKrw) : t('price.quote'),
    extraImage: (service: ServiceDefinition) =>
      service.pricing.kind === 'fixed' ? t('price.perExtraImage', { price: price(service.pricing.extraPerImageKrw) }) : null,
    includedImages: (service: ServiceDefinition) =>
      service.pricing.kind === 'fixed' ? t('price.includedImages', { count: service.pricing.includedImages }) : null,
    delivery: (window: { minDays: number; maxDays: number } | null) =>
      window ? t('delivery.days', { min: window.minDays, max: window.maxDays }) : t('delivery.consultation'),
    revisions: (service: ServiceDefinition) =>
      service.revisions === 'negotiable' ? t('revisions.negotiable') : t('revisions.count', { count: service.revisions }),
  };
}
