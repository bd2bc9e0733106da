/**
 * Each page sends the browser only the message catalogs it uses: the root sends what every page
 * needs (top bar, sign-in dialog, error messages), and a route's loader adds its own namespaces.
 */
import type { RouterContextProvider } from 'react-router';
import { requestInfo } from '#request-context';
import type { Language } from '../../domain/countries.ts';
import type { Namespace } from '../../i18n/config.ts';
import { RESOURCES } from '../../i18n/resources.server.ts';
import type { Messages } from './i18n.ts';

export function messagesFor(lang: Language, namespaces: readonly Namespace[]): Record<string, Messages> {
  return Object.fromEntries(namespaces.map((ns) => [ns, RESOURCES[lang][ns]]));
}

/** A route loader's share: its namespaces, in the language the page is shown in. */
export function routeMessages(context: Readonly<RouterContextProvider>, namespaces: readonly Namespace[]): Record<string, Messages> {
  return messagesFor(context.get(requestInfo).store.lang, namespaces);
}
