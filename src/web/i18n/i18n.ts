/**
 * One i18next instance per language, filled synchronously with the catalogs the loaders sent
 * (the root's and each matched route's), so the server render and the first browser render
 * produce the same text.
 */
import i18next, { type i18n } from 'i18next';
import type { Language } from '../../domain/countries.ts';
import { NAMESPACES } from '../../i18n/config.ts';

export type Messages = Record<string, unknown>;
const instances = new Map<Language, i18n>();

export function i18nFor(lang: Language, resources: Record<string, Messages>): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      resources: {},
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    });
    instances.set(lang, instance);
  }
  for (const [ns, messages] of Object.entries(resources)) {
    if (!instance.hasResourceBundle(lang, ns)) instance.addResourceBundle(lang, ns, messages);
  }
  return instance;
}

interface MatchLike { loaderData?: unknown; data?: unknown }

/** Every catalog the matched routes' loaders sent, merged. */
export function matchedMessages(matches: ReadonlyArray<MatchLike | undefined>): Record<string, Messages> {
  const merged: Record<string, Messages> = {};
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as { messages?: Record<string, Messages> } | null | undefined;
    if (data && typeof data === 'object' && data.messages) Object.assign(merged, data.messages);
  }
  return merged;
}
