import { convertKrwToMinor } from '../money.ts';
import type { CountryCode } from '../countries.ts';
import { DomainError } from '../errors.ts';
import type { ServiceDefinition } from './services.ts';

export const MIN_QUANTITY = 1;
/** Quantities above this are a consultation, not a card checkout. */
export const MAX_QUANTITY = 100;

/**
 * Total in whole won for a number of images of a fixed-price service (SPEC section 9):
 * base price covers the included images, each image beyond that costs the per-image extra.
 * Fewer images than included cost the base price.
 */
export function serviceTotalKrw(service: ServiceDefinition, quantity: number): number {
  if (service.pricing.kind !== 'fixed') {
    throw new DomainError('QUOTE_ONLY', { detail: `service ${service.id} is priced after a quote` });
  }
  if (!Number.isInteger(quantity) || quantity < MIN_QUANTITY || quantity > MAX_QUANTITY) {
    throw new DomainError('INVALID_QUANTITY', { values: { min: MIN_QUANTITY, max: MAX_QUANTITY } });
  }
  const { basePriceKrw, includedImages, extraPerImageKrw } = service.pricing;
  return basePriceKrw + Math.max(0, quantity - includedImages) * extraPerImageKrw;
}

/** The same total, converted into the country's currency in minor units. */
export function serviceTotalMinor(service: ServiceDefinition, quantity: number, country: CountryCode): number {
  return convertKrwToMinor(serviceTotalKrw(service, quantity), country);
}
