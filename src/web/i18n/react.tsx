/**
 * Translations for components: `useTranslation(ns)` and `<Trans>`, over the store's translation
 * function (src/i18n/translate.ts, docs/decisions/0025).
 *
 * On the server every catalog is at hand, and each message a render reads is noted, so the
 * document carries exactly those to the browser (catalogs-block.server.ts). In the browser:
 * - the first render (hydration) reads those messages;
 * - a component mounted later (another page, a dialog) waits, suspended, for its whole catalog;
 *   page changes run in a transition, so the previous page stays on screen meanwhile;
 * - a component already on screen that wants a message the page did not bring fetches its
 *   catalog and renders again when it arrives.
 */
import { cloneElement, createContext, use, useContext, useMemo, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { Language, Namespace } from '../../i18n/config.ts';
import { createTranslator, type CatalogSource, type TFunction, type TOptions, type TranslatorOptions } from '../../i18n/translate.ts';
import { useServerCatalogs, type ServerCatalogs } from '../components/document-context.tsx';
import { browserCatalogs, catalogsVersion, hasMessages, hasWholeCatalog, isHydrated, loadCatalog, subscribeToCatalogs } from './catalogs.ts';


interface I18nValue {
  lang: Language;
  source: CatalogSource;
  onRead?: TranslatorOptions['onRead'];
  onMiss?: TranslatorOptions['onMiss'];
  browser: boolean;
}

/** Notes a message a server render read (path → whether all its plural forms count). */
export function noteRead(read: ServerCatalogs['read'], lang: Language, ns: Namespace, path: string, plural: boolean): void {
  let byNamespace = read.get(lang);
  if (!byNamespace) read.set(lang, (byNamespace = new Map()));
  let paths = byNamespace.get(ns);
  if (!paths) byNamespace.set(ns, (paths = new Map()));
  if (plural || !paths.has(path)) paths.set(path, plural);
}

const fetchInBackground = (lang: Language, ns: Namespace) => {
  if (!hasWholeCatalog(lang, ns)) void loadCatalog(lang, ns).catch(() => {});
};

const I18nContext = createContext<I18nValue | null>(null);
/** Stands in when there is no provider, so the hooks still run in the same order. */
const OUTSIDE_CONTEXT: I18nValue = { lang: 'en', source: () => undefined, browser: false };

export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const server = useServerCatalogs();
  const value = useMemo<I18nValue>(() => server
    ? { lang, source: server.source, onRead: (...args) => noteRead(server.read, ...args), browser: false }
    : { lang, source: browserCatalogs, onMiss: fetchInBackground, browser: true },
  [lang, server]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

interface UseTranslation {
  t: TFunction;
  i18n: { language: Language };
  /**
   * Resolves once the hook's whole catalogs are here. An effect that shows a message right after
   * the page hydrates (a toast) waits for it: the page brought only what its render read.
   */
  whenLoaded: () => Promise<void>;
  /** False only outside the store's pages (the root's error page when the root itself failed). */
  ready: boolean;
}

const outside: UseTranslation = {
  t: ((key: string | readonly string[], options?: TOptions) => options?.defaultValue ?? (typeof key === 'string' ? key : key[0] ?? '')) as TFunction,
  i18n: { language: 'en' },
  whenLoaded: () => Promise.resolve(),
  ready: false,
};

/**
 * The first namespace is the default one for `t('key')`; the others are those the component
 * reads with `t('ns:key')`, named here so they arrive with it.
 */
export function useTranslation(namespaces: Namespace | readonly Namespace[] = 'common', options?: { keyPrefix?: string }): UseTranslation {
  const context = useContext(I18nContext) ?? OUTSIDE_CONTEXT;
  const { lang, source, onRead, onMiss, browser } = context;
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  // A catalog that arrives renders the component again; `t` itself keeps its identity (effects
  // depend on it, as they did on i18next's) and reads the catalogs as they are now.
  useSyncExternalStore(subscribeToCatalogs, catalogsVersion, catalogsVersion);
  const [mountedAfterHydration] = useState(() => browser && isHydrated());
  if (browser) {
    for (const ns of list) {
      if (!hasMessages(lang, ns) || (mountedAfterHydration && !hasWholeCatalog(lang, ns))) use(loadCatalog(lang, ns));
    }
  }
  const ns = list[0] ?? 'common';
  const keyPrefix = options?.keyPrefix;
  const t = useMemo(
    () => createTranslator({ lang, ns, source, keyPrefix, onRead, onMiss }),
    [lang, ns, keyPrefix, source, onRead, onMiss],
  );
  const key = list.join();
  const whenLoaded = useMemo(
    () => () => (browser ? Promise.all(key.split(',').map((ns) => loadCatalog(lang, ns as Namespace))).then(() => undefined) : Promise.resolve()),
    [browser, lang, key],
  );
  return context === OUTSIDE_CONTEXT ? outside : { t, i18n: { language: lang }, whenLoaded, ready: true };
}

let metaReader: ServerCatalogs | undefined;

/**
 * Wraps the root's `<Meta />`, which runs the routes' `meta` functions (titles, descriptions)
 * outside any component's hooks: on the server their messages must reach the browser too. The
 * server renderer renders a parent and then its children in one synchronous pass, so the render
 * noted here is the one `<Meta />` belongs to.
 */
export function MetaMessages({ children }: { children: ReactNode }) {
  metaReader = useServerCatalogs();
  return children;
}

/** The translation function for `meta` functions, in the page's language. */
export function metaTranslator(lang: Language): TFunction {
  return createTranslator({
    lang,
    ns: 'common',
    source: metaReader?.source ?? browserCatalogs,
    onRead: (...args) => metaReader && noteRead(metaReader.read, ...args),
    onMiss: typeof document === 'undefined' ? undefined : fetchInBackground,
  });
}

const TAG = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;

function renderTagged(text: string, components: Readonly<Record<string, ReactElement>>): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const name = match[1] ?? match[2]!;
    const component = components[name];
    if (!component) out.push(match[0]);
    else if (match[1]) out.push(cloneElement(component, { key: index++ }));
    else out.push(cloneElement(component, { key: index++ }, ...renderTagged(match[3] ?? '', components)));
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A message with markup: `<doc>terms</doc>` in the text becomes `components.doc` around "terms". */
export function Trans({ t, i18nKey, components, values }: { t: TFunction; i18nKey: string; components: Readonly<Record<string, ReactElement>>; values?: TOptions }) {
  return <>{renderTagged(t(i18nKey, values), components)}</>;
}
