/**
 * The store's translation function, for the pages and the server alike (docs/decisions/0025).
 *
 * It reads the catalogs in i18next's JSON format, which every catalog, glossary and locale check
 * is written for, and does the part of i18next the store uses: `ns:key` and nested keys, plural
 * keys chosen by Intl.PluralRules from `count`, {{name}} interpolation (no HTML escaping: React
 * escapes), `defaultValue`, `keyPrefix`, lists of keys, `returnObjects` and a fallback language.
 * i18next itself was 18 KB of the 110 KB a phone may download before the first tap, and built a
 * translator object per `useTranslation` call on every server render.
 */
import type { Language, Namespace } from './config.ts';

export type Messages = { readonly [key: string]: unknown };

export interface TOptions {
  /** Picks the plural form (`key_one`, `key_other`…) and fills {{count}}. */
  count?: number;
  /** Shown, interpolated, when the key is missing. */
  defaultValue?: string;
  /** Reads another namespace than the translator's own. */
  ns?: Namespace;
  /** Reads another language than the translator's own. */
  lng?: Language;
  /** Returns a nested object or list as it is, instead of a string. */
  returnObjects?: boolean;
  [variable: string]: unknown;
}

/** A bound translation function: `t('nav.home')`, `t('orders:status.paid')`, `t('items', { count })`. */
export interface TFunction {
  (key: string | readonly string[], options?: TOptions): string;
  <T>(key: string | readonly string[], options: TOptions & { returnObjects: true }): T;
}

/** Where a translator finds a namespace's messages in a language (undefined: not there). */
export type CatalogSource = (lang: Language, ns: Namespace) => Messages | undefined;

export interface TranslatorOptions {
  lang: Language;
  ns: Namespace;
  source: CatalogSource;
  keyPrefix?: string;
  /** Tried when the key is missing in `lang` (the server's e-mails fall back to English). */
  fallbackLang?: Language;
  /**
   * Told about every message read: its path, and whether it was a plural form (then every form
   * of it counts). The server sends the browser exactly the messages a render read.
   */
  onRead?: (lang: Language, ns: Namespace, path: string, plural: boolean) => void;
  /** Told when a key is not in the catalog at hand (the browser may hold only part of it). */
  onMiss?: (lang: Language, ns: Namespace) => void;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(lang: Language, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function lookup(messages: Messages | undefined, path: string): unknown {
  let node: unknown = messages;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{-?\s*([^{}\s]+)\s*\}\}/g;

/** Fills {{name}} from the options; a name without a value stays visible rather than vanish. */
function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

interface Found { value: unknown; path: string; plural: boolean }

function find(source: CatalogSource, lang: Language, ns: Namespace, key: string, count: number | undefined): Found | undefined {
  const messages = source(lang, ns);
  if (count !== undefined) {
    for (const path of count === 0 ? [`${key}_zero`, `${key}_${pluralCategory(lang, count)}`] : [`${key}_${pluralCategory(lang, count)}`]) {
      const value = lookup(messages, path);
      if (value !== undefined) return { value, path: key, plural: true };
    }
  }
  const value = lookup(messages, key);
  return value === undefined ? undefined : { value, path: key, plural: false };
}

export function createTranslator({ lang, ns, source, keyPrefix, fallbackLang, onRead, onMiss }: TranslatorOptions): TFunction {
  const translate = (keys: string | readonly string[], options?: TOptions): unknown => {
    const language = options?.lng ?? lang;
    const count = typeof options?.count === 'number' ? options.count : undefined;
    const list = typeof keys === 'string' ? [keys] : keys;
    for (const entry of list) {
      const split = entry.indexOf(':');
      const namespace = split > 0 ? (entry.slice(0, split) as Namespace) : (options?.ns ?? ns);
      const bare = split > 0 ? entry.slice(split + 1) : entry;
      const key = keyPrefix ? `${keyPrefix}.${bare}` : bare;
      let found = find(source, language, namespace, key, count);
      let from = language;
      if (!found) onMiss?.(language, namespace);
      if (!found && fallbackLang && fallbackLang !== language) {
        found = find(source, fallbackLang, namespace, key, count);
        from = fallbackLang;
      }
      if (!found) continue;
      const { value } = found;
      if (typeof value === 'string' || (value !== null && options?.returnObjects)) {
        onRead?.(from, namespace, found.path, found.plural);
        return typeof value === 'string' ? interpolate(value, options) : value;
      }
    }
    if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    // As i18next does: the key itself, so a missing message is visible and searchable.
    const last = list[list.length - 1] ?? '';
    const bare = last.includes(':') ? last.slice(last.indexOf(':') + 1) : last;
    return keyPrefix ? `${keyPrefix}.${bare}` : bare;
  };
  return translate as TFunction;
}
