import { LANGUAGES, type Language } from '../domain/countries.ts';

export { LANGUAGES, type Language };

/** Message namespaces; each is one JSON file per language under locales/<lang>/. */
export const NAMESPACES = ['common', 'home', 'catalog', 'terms', 'errors', 'accounts', 'mail', 'orders', 'briefs', 'admin'] as const;
export type Namespace = (typeof NAMESPACES)[number];


/** Endonyms for the language menu: each language is offered in its own name. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ko: '한국어', en: 'English', ja: '日本語', vi: 'Tiếng Việt', zh: '中文',
};

/** Cookie that remembers the visitor's language choice (DESIGN D11). */
export const LANGUAGE_COOKIE = 'lang';
/** Cookie that remembers the visitor's store choice, used when they come back to `/`. */
export const COUNTRY_COOKIE = 'country';
