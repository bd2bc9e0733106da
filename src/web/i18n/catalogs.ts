/**
 * The message catalogs the browser holds, per language and namespace (docs/decisions/0025).
 *
 * A page arrives with exactly the messages its server render read, in one JSON block at the end
 * of the document (written by entry.server.tsx, read here before hydration): part of each
 * catalog, enough to hydrate. Once the page is interactive the whole catalogs follow in idle
 * time, as small immutable files shared by every page after that; a message wanted before then
 * fetches its catalog at once, and the components reading it render again when it arrives.
 */
import { catalogUrl } from 'virtual:message-catalogs';
import type { Language, Namespace } from '../../i18n/config.ts';
import type { CatalogSource, Messages } from '../../i18n/translate.ts';

/** The id of the document's JSON block with the page's messages. */
export const CATALOGS_ELEMENT_ID = 'i18n-catalogs';

/** Language → namespace → the messages read (a catalog's subset, in the catalog's shape). */
export type CatalogsBlock = Partial<Record<Language, Partial<Record<Namespace, Messages>>>>;

interface Held { messages: Messages; whole: boolean }
const held = new Map<string, Held>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;
let documentRead = false;
let hydrated = false;

const id = (lang: Language, ns: Namespace) => `${lang}/${ns}`;

function readDocumentBlock(): void {
  documentRead = true;
  if (typeof document === 'undefined') return;
  const text = document.getElementById(CATALOGS_ELEMENT_ID)?.textContent;
  if (!text) return;
  const block = JSON.parse(text) as CatalogsBlock;
  for (const [lang, catalogs] of Object.entries(block)) {
    for (const [ns, messages] of Object.entries(catalogs)) held.set(id(lang as Language, ns as Namespace), { messages, whole: false });
  }
}

function entry(lang: Language, ns: Namespace): Held | undefined {
  if (!documentRead) readDocumentBlock();
  return held.get(id(lang, ns));
}

/** The browser's messages, for the translation function. */
export const browserCatalogs: CatalogSource = (lang, ns) => entry(lang, ns)?.messages;

/** Some of the namespace's messages are here (at least those the server render read). */
export function hasMessages(lang: Language, ns: Namespace): boolean {
  return entry(lang, ns) !== undefined;
}

export function hasWholeCatalog(lang: Language, ns: Namespace): boolean {
  return entry(lang, ns)?.whole === true;
}

/** Fetches a whole catalog once; resolves at once when it is already here. */
export function loadCatalog(lang: Language, ns: Namespace): Promise<void> {
  if (hasWholeCatalog(lang, ns)) return Promise.resolve();
  const key = id(lang, ns);
  let pending = loading.get(key);
  if (!pending) {
    // Each catalog is a file of its own in the build, precompressed and cached for good.
    const url = catalogUrl(lang, ns);
    if (!url) return Promise.reject(new Error(`no catalog ${key}`));
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`catalog ${key}: ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => {
        held.set(key, { messages, whole: true });
        version++;
        for (const listener of listeners) listener();
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** After the first render: the whole of every catalog the page came with, in idle time. */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  const complete = () => {
    for (const [key, { whole }] of held) {
      const [lang, ns] = key.split('/') as [Language, Namespace];
      if (!whole) void loadCatalog(lang, ns).catch(() => {});
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(complete, { timeout: 2000 });
  else setTimeout(complete, 200);
}

/** Whether the first render is over: a component mounted after it wants whole catalogs. */
export const isHydrated = () => hydrated;

/** For useSyncExternalStore: components read their messages again when a catalog arrives. */
export function subscribeToCatalogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const catalogsVersion = () => version;
