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
import { cloneElement, createContext, use, useContext, useMemo, useReducer, useState, type ReactElement, type ReactNode } from 'react';
import type { Language, Namespace } from '../../i18n/config.ts';
import { createTranslator, type CatalogSource, type TFunction, type TOptions, type TranslatorOptions } from '../../i18n/translate.ts';
import { useServerCatalogs, type ServerCatalogs } from '../components/document-context.tsx';
import { browserCatalogs, fetchMissing, hasMessages, hasWholeCatalog, isHydrated, loadCatalog } from './catalogs.ts';


interface I18nValue {
  lang: Language;
  source: CatalogSource;
  onRead?: TranslatorOptions['onRead'];
  /** On the server: notes a namespace read from, so the browser finds it before it hydrates. */
  onUse?: (lang: Language, ns: Namespace) => void;
  browser: boolean;
}

/** What `use` returns at once: React reads a promise's `status` and `value` before waiting on it. */
const HERE = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

const I18nContext = createContext<I18nValue | null>(null);
/** Stands in when there is no provider, so the hooks still run in the same order. */
const OUTSIDE_CONTEXT: I18nValue = { lang: 'en', source: () => undefined, browser: false };

export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const server = useServerCatalogs();
  const value = useMemo<I18nValue>(() => server
    ? { lang, source: server.source, onRead: server.onRead, onUse: server.onUse, browser: false }
    : { lang, source: browserCatalogs, browser: true },
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
  const { lang, source, onRead, onUse, browser } = context;
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  // A component that asked for a message its catalog does not hold yet renders again when the
  // whole catalog has come, and only that component: every other one already has what it reads
  // (each whole catalog rendered every translated component again, issue 37). `t` itself keeps
  // its identity (effects depend on it) and reads the catalogs as they are now.
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const [mountedAfterHydration] = useState(() => browser && isHydrated());
  // `use` once per namespace on every render, with a settled promise when nothing is missing: a
  // render React takes up again where it waited (the catalog came meanwhile) must call the same
  // `use`s, or the hooks after a skipped one fail as "Update hook called on initial render"
  // (React error 467, recovered by rendering the whole page again: error 520).
  for (const ns of list) {
    onUse?.(lang, ns);
    use(browser && (!hasMessages(lang, ns) || (mountedAfterHydration && !hasWholeCatalog(lang, ns))) ? loadCatalog(lang, ns) : HERE);
  }
  const ns = list[0] ?? 'common';
  const keyPrefix = options?.keyPrefix;
  const t = useMemo(
    () => createTranslator({ lang, ns, source, keyPrefix, onRead, onMiss: browser ? (lang, ns) => fetchMissing(lang, ns, renderAgain) : undefined }),
    [lang, ns, keyPrefix, source, onRead, browser],
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
    onRead: metaReader?.onRead,
    onMiss: typeof document === 'undefined' ? undefined : fetchMissing,
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
