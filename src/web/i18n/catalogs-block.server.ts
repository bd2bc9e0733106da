/**
 * Writes the messages a server render read into the document, as one JSON block just before
 * `</body>` (docs/decisions/0025). It goes at the very end because parts of the page that
 * stream in later (a lazy section) may read a namespace the first part did not; the browser
 * reads the block before it hydrates, on `load`.
 */
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import type { Namespace } from '../../i18n/config.ts';
import type { CatalogSource, Messages } from '../../i18n/translate.ts';
import type { ServerCatalogs } from '../components/document-context.tsx';
import { CATALOGS_ELEMENT_ID, type CatalogsBlock } from './catalogs.ts';

const END = '</body></html>';

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

export function catalogsBlockHtml(read: ServerCatalogs['read'], source: CatalogSource, nonce: string): string {
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
  // `<` escaped, so no message can close the script element. A data block runs nothing; it
  // carries the response's nonce anyway, so every script element of a page has one.
  const json = JSON.stringify(block).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${CATALOGS_ELEMENT_ID}" nonce="${nonce}">${json}</script>`;
}

/** Puts `html()` before the closing `</body></html>` (or at the end, if a stream has none). */
export function insertBeforeBodyEnd(html: () => string): Transform {
  let held = '';
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // Hold back the last few characters: they may be the start of the closing tags.
      const text = held + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      held = text.slice(-END.length);
      callback(null, text.slice(0, text.length - held.length));
    },
    flush(callback) {
      const rest = held + decoder.end();
      const at = rest.lastIndexOf(END);
      callback(null, at === -1 ? rest + html() : rest.slice(0, at) + html() + rest.slice(at));
    },
  });
}
