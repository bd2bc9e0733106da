/**
 * A translator for server code (API messages, e-mails, sitemap titles), over the same catalogs
 * and the same translation function as the pages; a message missing in a language falls back to
 * English.
 */
import type { Language, Namespace } from './config.ts';
import { RESOURCES } from './resources.server.ts';
import { createTranslator, type CatalogSource, type TFunction } from './translate.ts';

export const serverCatalogs: CatalogSource = (lang, ns) => RESOURCES[lang]?.[ns];

const translators = new Map<string, TFunction>();

export function translatorFor(language: Language, namespace: Namespace = 'common'): TFunction {
  const id = `${language}:${namespace}`;
  let t = translators.get(id);
  if (!t) {
    t = createTranslator({ lang: language, ns: namespace, source: serverCatalogs, fallbackLang: 'en' });
    translators.set(id, t);
  }
  return t;
}
