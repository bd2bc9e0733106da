/**
 * Writes the messages a server render read into the document, as one JSON block just before
 * `</body>` (docs/decisions/0025). It goes at the very end because parts of the page that
 * stream in later (a lazy section) may read a namespace the first part did not; the browser
 * reads the block before it hydrates, on `load`.
 */
import type { Language, Namespace } from '../../i18n/config.ts';
import type { CatalogSource, Messages } from '../../i18n/translate.ts';
import type { ServerCatalogs } from '../components/document-context.tsx';
import { CATALOGS_ELEMENT_ID, type CatalogsBlock } from './catalogs.ts';

/** Notes a message a server render read (path → whether all its plural forms count). */
export function noteRead(read: ServerCatalogs['read'], lang: Language, ns: Namespace, path?: string, plural = false): void {
  let byNamespace = read.get(lang);
  if (!byNamespace) read.set(lang, (byNamespace = new Map()));
  let paths = byNamespace.get(ns);
  if (!paths) byNamespace.set(ns, (paths = new Map()));
  if (path !== undefined && (plural || !paths.has(path))) paths.set(path, plural);
}

/**
 * A render's catalogs on the server. A namespace a component reads from goes into the block even
 * when the render read none of its messages (a form's error messages): the browser then finds it
 * there and hydrates, rather than fetching the catalog first, and fetches it whole afterwards.
 */
export function serverCatalogsOf(source: CatalogSource): ServerCatalogs {
  const read: ServerCatalogs['read'] = new Map();
  return { source, read, onRead: (lang, ns, path, plural) => noteRead(read, lang, ns, path, plural), onUse: (lang, ns) => noteRead(read, lang, ns) };
}

/** Copies the message at `path` (and, for a plural, each of its forms) into `into`. */
function copyMessage(from: Messages | undefined, into: Record<string, unknown>, path: string, plural: boolean): void {
  const parts = path.split('.');
  const last = parts.pop()!;
  let source: unknown = from;
  let target = into;
  for (const part of parts) {
    source = (source as Record<string, unknown> | undefined)?.[part];
    if (source === null || typeof source !== 'object') return;
    target = (target[part] ??= {}) as Record<string, unknown>;
  }
  const messages = source as Record<string, unknown>;
  if (last in messages) target[last] = messages[last];
  if (plural) for (const key of Object.keys(messages)) if (key.startsWith(`${last}_`)) target[key] = messages[key];
}

/** The block's JSON for what a render read; built from the catalogs, which never change while the process runs. */
function blockJson(read: ServerCatalogs['read'], source: CatalogSource): string {
  const block: CatalogsBlock = {};
  for (const [lang, byNamespace] of read) {
    const catalogs: Partial<Record<Namespace, Messages>> = {};
    for (const [ns, paths] of byNamespace) {
      const subset: Record<string, unknown> = {};
      for (const [path, plural] of paths) copyMessage(source(lang, ns), subset, path, plural);
      catalogs[ns] = subset;
    }
    block[lang] = catalogs;
  }
  // `<` escaped, so no message can close the script element.
  return JSON.stringify(block).replaceAll('<', '\\u003c');
}

/**
 * A page reads the same messages on every view of it (per language and signed-in state), so the
 * JSON is kept per set of messages read: a few hundred entries for the whole store. The cache is
 * emptied when it grows past its bound rather than kept in order of use: a store has far fewer
 * distinct pages than that.
 */
const MAX_CACHED = 1000;
const cached = new WeakMap<CatalogSource, Map<string, string>>();

function cachedBlockJson(read: ServerCatalogs['read'], source: CatalogSource): string {
  let bySet = cached.get(source);
  if (!bySet) cached.set(source, (bySet = new Map()));
  let key = '';
  for (const [lang, byNamespace] of read) {
    for (const [ns, paths] of byNamespace) {
      key += `\n${lang}:${ns}`;
      for (const [path, plural] of paths) key += plural ? ` ${path}*` : ` ${path}`;
    }
  }
  let json = bySet.get(key);
  if (json === undefined) {
    json = blockJson(read, source);
    if (bySet.size >= MAX_CACHED) bySet.clear();
    bySet.set(key, json);
  }
  return json;
}

export function catalogsBlockHtml(read: ServerCatalogs['read'], source: CatalogSource, nonce: string): string {
  // A data block runs nothing; it carries the response's nonce anyway, so every script element of a page has one.
  return `<script type="application/json" id="${CATALOGS_ELEMENT_ID}" nonce="${nonce}">${cachedBlockJson(read, source)}</script>`;
}
