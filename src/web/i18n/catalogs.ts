/**
 * The message catalogs the browser holds, per language and namespace (docs/decisions/0025).
 *
 * A page arrives with exactly the messages its server render read, in one JSON block at the end
 * of the document (written by entry.server.tsx, read here before hydration): part of each
 * catalog, enough to hydrate. Once the page is interactive the whole catalogs follow in idle
 * time, as small immutable files shared by every page after that; a message wanted before then
 * fetches its catalog at once, and the component that asked for it renders again when it
 * arrives; no other does (issue 37: each whole catalog rendered every translated component again,
 * tasks of 10-36 ms while the page came alive).
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
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * A message was asked for that the catalog at hand does not hold: fetches the whole catalog, then
 * `whenHere` (the component that asked renders again). Nothing when the catalog is whole already
 * (the message is not in it: rendering again would ask again) or cannot come.
 */
export function fetchMissing(lang: Language, ns: Namespace, whenHere?: () => void): void {
  if (!hasWholeCatalog(lang, ns)) loadCatalog(lang, ns).then(whenHere, () => {});
}

/** Fetches the rest of every catalog the page came with a part of. */
function completeHeld(): void {
  for (const [key, { whole }] of held) {
    const [lang, ns] = key.split('/') as [Language, Namespace];
    if (!whole) void loadCatalog(lang, ns).catch(() => {});
  }
}

/**
 * After the first render: the rest of the page's catalogs, in idle time, or at the visitor's first
 * press or key if that comes sooner (what it does may show a message the render did not read).
 */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  let started = false;
  const complete = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INPUT) window.removeEventListener(type, complete, true);
    completeHeld();
  };
  for (const type of FIRST_INPUT) window.addEventListener(type, complete, { capture: true, passive: true });
  if ('requestIdleCallback' in window) window.requestIdleCallback(complete, { timeout: 2000 });
  else setTimeout(complete, 200);
}
const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

/** Whether a catalog is on its way. */
export const catalogsLoading = () => loading.size > 0;

/**
 * Resolves once the page's catalogs are whole (fetching now what idle time has not yet) and no
 * other is on its way. Never fails: a catalog that cannot come leaves its messages' keys showing.
 */
export function catalogsSettled(): Promise<void> {
  if (!documentRead) readDocumentBlock();
  completeHeld();
  return Promise.all([...loading.values()].map((pending) => pending.catch(() => {}))).then(() => undefined);
}

/** Whether the first render is over: a component mounted after it wants whole catalogs. */
export const isHydrated = () => hydrated;
