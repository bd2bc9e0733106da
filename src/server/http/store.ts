/**
 * The store a request belongs to (country, language, currency) and the public origin, worked out
 * in one place for the API and the pages alike.
 *
 * - Country: a page's /{country} prefix; an API call's X-Store-Country (our pages send the store
 *   they show), then the remembered store, then the Accept-Language region, else `us`.
 * - Language: a page shows the remembered choice, else the store's language (D11). An API answer
 *   is written in the Accept-Language our pages send (the language they show), then the
 *   remembered choice, then the store's language.
 * - Origin: PUBLIC_URL only (D24); the Host header is never used to build a URL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COUNTRIES, DEFAULT_COUNTRY, isCountryCode, isLanguage, type Country, type CountryCode, type Language } from '../../domain/countries.ts';
import { COUNTRY_COOKIE, LANGUAGE_COOKIE } from '../../i18n/config.ts';
import { storeFromAcceptLanguage } from '../routing/country-detection.ts';
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

function resolveStore(request: FastifyRequest, origin: string): Store {
  const cookies = request.cookies ?? {};
  const header = request.headers['x-store-country'];
  const api = isApiUrl(request.url);
  const country: CountryCode = (!api ? pathCountry(request.url) : null)
    ?? (isCountryCode(header) ? header : null)
    ?? (isCountryCode(cookies[COUNTRY_COOKIE]) ? cookies[COUNTRY_COOKIE] : null)
    ?? storeFromAcceptLanguage(request.headers['accept-language'])
    ?? DEFAULT_COUNTRY;
  const remembered = isLanguage(cookies[LANGUAGE_COOKIE]) ? cookies[LANGUAGE_COOKIE] : null;
  const lang: Language = (api ? negotiateLanguage(request.headers['accept-language']) : null)
    ?? remembered
    ?? COUNTRIES[country].lang;
  return { country, lang, currency: COUNTRIES[country].currency, origin };
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
