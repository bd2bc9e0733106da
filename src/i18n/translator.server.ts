/**
 * A translator for server code (API messages, e-mails, sitemap titles), over the same catalogs
 * and the same i18next interpolation rules as the pages.
 */
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, NAMESPACES, type Language, type Namespace } from './config.ts';
import { RESOURCES } from './resources.server.ts';

const instance = i18next.createInstance();
await instance.init({
  resources: RESOURCES,
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function translatorFor(language: Language, namespace: Namespace = 'common'): TFunction {
  return instance.getFixedT(language, namespace);
}
