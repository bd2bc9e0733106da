/**
 * One i18next instance per language, built synchronously from the catalogs the root loader sent,
 * so the server render and the first browser render produce the same text.
 */
import i18next, { type i18n } from 'i18next';
import type { Language } from '../../domain/countries.ts';
import { NAMESPACES } from '../../i18n/config.ts';

export type Messages = Record<string, unknown>;
const instances = new Map<Language, i18n>();

export function i18nFor(lang: Language, resources: Record<string, Messages>): i18n {
  const cached = instances.get(lang);
  if (cached) return cached;
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: resources },
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  instances.set(lang, instance);
  return instance;
}
