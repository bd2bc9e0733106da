/**
 * `virtual:message-catalogs`: where the browser fetches a whole message catalog (decision 0025).
 *
 * In a client build every catalog (but the e-mail texts, which stay on the server) is written to
 * `assets/messages/<version>/<lang>/<ns>.json`, the version being a hash of all of them, so an
 * address is built from the language and the namespace alone and stays cacheable for good. A map
 * of fifty hashed file names, which `import.meta.glob` gave, cost every first load 0.8 KB of
 * compressed script. Any change to any catalog changes every address: catalogs change with a
 * release, when the browser's copies are stale anyway.
 *
 * In development the addresses are Vite's own for the source files; on the server (which reads
 * the catalogs from disk) there are none.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:message-catalogs';
const RESOLVED = `\0${ID}`;
const LOCALES = path.resolve(import.meta.dirname, '..', '..', 'src', 'i18n', 'locales');
/** Catalogs that never reach a browser. */
const SERVER_ONLY = new Set(['mail']);

interface Catalog { lang: string; ns: string; source: string }

function readCatalogs(): Catalog[] {
  const catalogs: Catalog[] = [];
  for (const lang of fs.readdirSync(LOCALES).sort()) {
    for (const file of fs.readdirSync(path.join(LOCALES, lang)).sort()) {
      const ns = file.replace(/\.json$/, '');
      if (!file.endsWith('.json') || SERVER_ONLY.has(ns)) continue;
      // Re-serialised: the same messages without the files' indentation.
      catalogs.push({ lang, ns, source: JSON.stringify(JSON.parse(fs.readFileSync(path.join(LOCALES, lang, file), 'utf8'))) });
    }
  }
  return catalogs;
}

export function messageCatalogs(): Plugin {
  let building = false;
  let catalogs: Catalog[] = [];
  let version = '';
  return {
    name: 'message-catalogs',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (!building || this.environment.name !== 'client') return;
      catalogs = readCatalogs();
      const hash = createHash('sha256');
      for (const { lang, ns, source } of catalogs) hash.update(`${lang}/${ns}\n${source}\n`);
      version = hash.digest('base64url').slice(0, 10);
      for (const { lang, ns } of catalogs) this.addWatchFile(path.join(LOCALES, lang, `${ns}.json`));
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (!building) {
        return `const files = import.meta.glob(['/src/i18n/locales/*/*.json', '!**/mail.json'], { query: '?url', import: 'default', eager: true });
export const catalogUrl = (lang, ns) => files[\`/src/i18n/locales/\${lang}/\${ns}.json\`];`;
      }
      if (this.environment.name !== 'client') return 'export const catalogUrl = () => undefined;';
      return `export const catalogUrl = (lang, ns) => \`/assets/messages/${version}/\${lang}/\${ns}.json\`;`;
    },
    generateBundle() {
      if (!building || this.environment.name !== 'client') return;
      for (const { lang, ns, source } of catalogs) {
        this.emitFile({ type: 'asset', fileName: `assets/messages/${version}/${lang}/${ns}.json`, source });
      }
    },
  };
}
