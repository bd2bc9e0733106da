/** The message catalogs as flat key → text maps, per language and namespace, for the locale tests. */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, NAMESPACES, type Language } from '../../../src/i18n/config.ts';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../src/i18n/locales');

export function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

/** catalogs[lang][namespace] = key → text. */
export const catalogs = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    Object.fromEntries(NAMESPACES.map((ns) => [ns, flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, `${ns}.json`), 'utf8')))])),
  ]),
) as Record<Language, Record<string, Map<string, string>>>;
