/**
 * The 13 services (SPEC sections 3 and 9, DESIGN D1). Names, descriptions and features are
 * message-catalog entries under `catalog:services.<slug>`; everything priced lives here only.
 */
export type ServicePricing =
  | {
      kind: 'fixed';
      /** Price for the included images, in whole won, VAT included. */
      basePriceKrw: number;
      includedImages: number;
      extraPerImageKrw: number;
    }
  | { kind: 'quote' };

export interface DeliveryWindow {
  minDays: number;
  maxDays: number;
}

export interface ServiceDefinition {
  id: number;
  slug: string;
  pricing: ServicePricing;
  /** Working days; null when the schedule is agreed in the consultation. */
  delivery: DeliveryWindow | null;
  /** Free revision rounds, or 'negotiable' when agreed per project. */
  revisions: number | 'negotiable';
  /** Artwork key of the finished result, and of the source photo for before/after cards. */
  image: string;
  beforeImage: string | null;
  /** Korean card checkout page exists for this service (SPEC section 4). */
  hasCheckout: boolean;
}

/** Photo services include three images; more cost extra per image (SPEC section 9). */
export const INCLUDED_IMAGES = 3;

const fixed = (basePriceKrw: number, extraPerImageKrw: number): ServicePricing => ({
  kind: 'fixed', basePriceKrw, includedImages: INCLUDED_IMAGES, extraPerImageKrw,
});
const quote: ServicePricing = { kind: 'quote' };
const days = (minDays: number, maxDays: number): DeliveryWindow => ({ minDays, maxDays });

export const SERVICES: readonly ServiceDefinition[] = [
  { id: 1, slug: 'cutout', pricing: fixed(30_000, 8_000), delivery: days(1, 2), revisions: 1, image: 'service-1', beforeImage: 'service-1-before', hasCheckout: true },
  { id: 2, slug: 'solid-background', pricing: fixed(50_000, 12_000), delivery: days(1, 3), revisions: 1, image: 'service-2', beforeImage: 'service-2-before', hasCheckout: true },
  { id: 3, slug: 'studio', pricing: fixed(95_000, 30_000), delivery: days(2, 5), revisions: 1, image: 'service-3', beforeImage: 'service-3-before', hasCheckout: true },
  // D1: the checkout page's reading (80,000 + 25,000 per extra image) is the price everywhere.
  { id: 4, slug: 'food', pricing: fixed(80_000, 25_000), delivery: days(2, 5), revisions: 1, image: 'service-4', beforeImage: 'service-4-before', hasCheckout: true },
  { id: 5, slug: 'model', pricing: fixed(120_000, 40_000), delivery: days(2, 5), revisions: 1, image: 'service-5', beforeImage: 'service-5-before', hasCheckout: true },
  { id: 6, slug: 'custom', pricing: quote, delivery: null, revisions: 'negotiable', image: 'service-6', beforeImage: 'service-6-before', hasCheckout: false },
  { id: 7, slug: 'interior', pricing: fixed(30_000, 8_000), delivery: days(1, 2), revisions: 1, image: 'service-7', beforeImage: 'service-7-before', hasCheckout: true },
  { id: 8, slug: 'character-3d', pricing: quote, delivery: null, revisions: 1, image: 'service-8', beforeImage: 'service-8-before', hasCheckout: false },
  { id: 9, slug: 'architecture-3d', pricing: fixed(50_000, 12_000), delivery: days(1, 3), revisions: 1, image: 'service-9', beforeImage: 'service-9-before', hasCheckout: true },
  { id: 10, slug: 'drone', pricing: quote, delivery: null, revisions: 1, image: 'service-10', beforeImage: 'service-10-before', hasCheckout: false },
  { id: 11, slug: 'music-video', pricing: quote, delivery: null, revisions: 2, image: 'service-11', beforeImage: null, hasCheckout: false },
  { id: 12, slug: 'cinematic', pricing: quote, delivery: null, revisions: 1, image: 'service-12', beforeImage: null, hasCheckout: false },
  { id: 13, slug: 'music', pricing: quote, delivery: null, revisions: 'negotiable', image: 'service-13', beforeImage: null, hasCheckout: false },
];

export function findService(id: number): ServiceDefinition | undefined {
  return SERVICES.find((service) => service.id === id);
}

export function isQuoteOnly(service: ServiceDefinition): boolean {
  return service.pricing.kind === 'quote';
}
