/**
 * The service a /{country}/checkout{id} page is for, read from its path (or its `.data` request,
 * a trailing slash allowed) with one pattern for both kinds of page: a card checkout for a fixed
 * price service (routes.ts `checkout-{id}`), a consultation page for a quote-only one
 * (`consultation-{id}`). Any other number is the page's 404.
 */
import { data } from 'react-router';
import { findService, isQuoteOnly, type ServiceDefinition } from '../../../domain/catalog/services.ts';

const CHECKOUT_PATH = /\/checkout(\d+)(?:\.data)?\/?$/;

export function serviceOfPath(url: string, page: 'checkout' | 'consultation'): ServiceDefinition {
  const service = findService(Number(CHECKOUT_PATH.exec(new URL(url).pathname)?.[1]));
  const fits = service && (page === 'checkout' ? service.hasCheckout && !isQuoteOnly(service) : isQuoteOnly(service));
  if (!fits) throw data({ reason: 'service' }, { status: 404 });
  return service;
}
