/**
 * The store a request belongs to (country, language, currency) and the public origin, worked out
 * in one place for the API and the pages alike.
 *
 * - Country: a page's /{country} prefix; an API call's X-Store-Country (our pages send the store
 *   they show), then the remembered store, then the Accept-Language region, else `us`. A call
 *   that names its store in the body too (an order's `country`) goes through `storeNamed`.
 * - Language: a page shows the remembered choice, else the store's language (D11). An API answer
 *   is written in the Accept-Language our pages send (the language they show), then the
 *   remembered choice, then the store's language.
 * - Origin: PUBLIC_URL only (D24); the Host header is never used to build a URL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COUNTRIES, DEFAULT_COUNTRY, isCountryCode, isLanguage, type Country, type CountryCode, type Language } from '../../domain/countries.ts';
import { COUNTRY_COOKIE, LANGUAGE_COOKIE } from '../../i18n/config.ts';
import { storeFromAcceptLanguage } from '../routing/country-detection.ts';
import { DomainError } from '../../domain/errors.ts';
import { V } from '../../domain/validation/messages.ts';
import { negotiateLanguage } from './language.ts';

export interface Store {
  country: CountryCode;
  lang: Language;
  currency: Country['currency'];
  /** e.g. https://studiolumi.co.kr, without a trailing slash. */
  origin: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's store, resolved on first use. */
    readonly store: Store;
  }
}

/** First path segment without React Router's `.data` suffix (client navigation requests). */
function pathCountry(url: string): CountryCode | null {
  const first = (url.split('?')[0] ?? '').split('/')[1]?.replace(/\.data$/, '');
  return isCountryCode(first) ? first : null;
}

/** Whether a request URL is one of the JSON API's (everything else is a page or a file). */
export const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The store an API call names in its X-Store-Country header, if it names one we have. */
function headerCountry(request: FastifyRequest): CountryCode | null {
  const header = request.headers['x-store-country'];
  return isCountryCode(header) ? header : null;
}

/** The language of a request for a store: see the file's comment. */
function languageFor(request: FastifyRequest, country: CountryCode, api: boolean): Language {
  const remembered = request.cookies?.[LANGUAGE_COOKIE];
  return (api ? negotiateLanguage(request.headers['accept-language']) : null)
    ?? (isLanguage(remembered) ? remembered : null)
    ?? COUNTRIES[country].lang;
}

function resolveStore(request: FastifyRequest, origin: string): Store {
  const cookies = request.cookies ?? {};
  const api = isApiUrl(request.url);
  const country: CountryCode = (!api ? pathCountry(request.url) : null)
    ?? headerCountry(request)
    ?? (isCountryCode(cookies[COUNTRY_COOKIE]) ? cookies[COUNTRY_COOKIE] : null)
    ?? storeFromAcceptLanguage(request.headers['accept-language'])
    ?? DEFAULT_COUNTRY;
  return { country, lang: languageFor(request, country, api), currency: COUNTRIES[country].currency, origin };
}

/**
 * The store of a call that also names one in its body (SPEC's order payload has `country`): one
 * rule for the store and the language together (issue 33, item 4). The body's store is the
 * order's; with X-Store-Country it must agree (a page of one store never orders in another's
 * currency), and the language falls back to that store's, not to the one a cookie remembers.
 */
export function storeNamed(request: FastifyRequest, named: CountryCode | undefined, field = 'country'): Store {
  if (!named) return request.store;
  const header = headerCountry(request);
  if (header && header !== named) throw new DomainError('VALIDATION_FAILED', { fields: { [field]: { key: V.storeMismatch } } });
  if (named === request.store.country) return request.store;
  return { country: named, lang: languageFor(request, named, true), currency: COUNTRIES[named].currency, origin: request.store.origin };
}

export function registerStoreResolver(app: FastifyInstance, origin: string): void {
  const resolved = new WeakMap<FastifyRequest, Store>();
  app.decorateRequest('store', {
    getter(this: FastifyRequest) {
      let store = resolved.get(this);
      if (!store) {
        store = resolveStore(this, origin);
        resolved.set(this, store);
      }
      return store;
    },
  });
}
