/**
 * Every string that shows a number of things has the plural forms its language needs (issue 16,
 * item 18: no "1 orders" or "file(s)"). i18next picks `key_one`, `key_other`… by Intl.PluralRules
 * when `t()` gets a numeric `count`, so:
 * - a string with {{count}} lives under plural keys, with every form its language's rules name;
 * - a form a language never uses (ko, ja, vi and zh have only "other") exists only because the
 *   shared locale check wants the same keys in every language, and repeats "other";
 * - numbers of things are always called {{count}} (not {{n}}, {{days}}, {{files}}…), so they get
 *   the forms too;
 * - every `t('key', { count })` in the code names plural keys.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES, type Language } from '../../src/i18n/config.ts';
import { translatorFor } from '../../src/i18n/translator.server.ts';
import { catalogs } from './support/catalogs.ts';

const root = path.resolve(import.meta.dirname, '../..');

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const categories = (lang: Language) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
/** Names that say "a number of things": such a number is {{count}}, so it gets plural forms. */
const COUNTER_NAMES = /\{\{\s*(n|num|days|weeks|months|years|hours|minutes|seconds|files|images|items|users|orders|messages|templates|revisions)\s*\}\}/;

/** Problems in one language's catalogs (exported shape for the "able to fail" checks below). */
function pluralProblems(lang: Language, messages: Record<string, Map<string, string>>): string[] {
  const problems: string[] = [];
  const needed = categories(lang);
  for (const [ns, map] of Object.entries(messages)) {
    const bases = new Map<string, Map<string, string>>();
    for (const [key, text] of map) {
      const match = PLURAL_SUFFIX.exec(key);
      if (match) {
        const base = key.slice(0, match.index);
        if (!bases.has(base)) bases.set(base, new Map());
        bases.get(base)!.set(match[1]!, text);
      } else if (/\{\{\s*count\s*\}\}/.test(text)) {
        problems.push(`${lang}/${ns}:${key} shows {{count}} but has no plural forms`);
      }
      if (COUNTER_NAMES.test(text)) problems.push(`${lang}/${ns}:${key} counts with ${COUNTER_NAMES.exec(text)![0]}: call it {{count}}`);
    }
    for (const [base, forms] of bases) {
      for (const form of needed) if (!forms.has(form)) problems.push(`${lang}/${ns}:${base} lacks the "${form}" form`);
      for (const [form, text] of forms) {
        if (!needed.includes(form) && text !== forms.get('other')) problems.push(`${lang}/${ns}:${base}_${form} is never shown in ${lang}; it must repeat "other"`);
      }
    }
  }
  return problems;
}

describe('plural forms', () => {
  it.each(LANGUAGES)('%s: every count has the forms its language needs', (lang) => {
    expect(pluralProblems(lang, catalogs[lang])).toEqual([]);
  });

  it('English needs "one" and "other"; Korean, Japanese, Vietnamese and Chinese only "other"', () => {
    expect(categories('en')).toEqual(['one', 'other']);
    for (const lang of ['ko', 'ja', 'vi', 'zh'] as const) expect(categories(lang)).toEqual(['other']);
  });

  it('fails a count without plural keys, a missing form, a stray form and a counter not called count', () => {
    const bad = {
      orders: new Map([
        ['a', '{{count}} file(s)'],
        ['b_other', '{{count}} files'],
        ['c', 'Within {{days}} days'],
      ]),
    };
    expect(pluralProblems('en', bad)).toEqual([
      'en/orders:a shows {{count}} but has no plural forms',
      'en/orders:c counts with {{days}}: call it {{count}}',
      'en/orders:b lacks the "one" form',
    ]);
    expect(pluralProblems('ko', { orders: new Map([['d_one', '1개'], ['d_other', '{{count}}개']]) })).toEqual([
      'ko/orders:d_one is never shown in ko; it must repeat "other"',
    ]);
  });
});

/** Literal keys of `t(…, { …count… })` and of errors raised with a count, across the code. */
function keysUsedWithCount(): string[] {
  const keys: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(full, 'utf8');
        for (const call of source.matchAll(/\bt\(\s*([^()]*?),\s*\{([^{}]*)\}\s*\)/g)) {
          if (!/\bcount\s*:/.test(call[2]!)) continue;
          // Only literals that look like keys ('a.b', 'ns:a.b'), not the values a condition compares.
          for (const literal of call[1]!.matchAll(/'([^'$]+)'|"([^"$]+)"/g)) {
            const key = literal[1] ?? literal[2]!;
            if (/^[\w-]+(?:[.:][\w-]+)+$/.test(key)) keys.push(key);
          }
        }
        for (const raised of source.matchAll(/messageKey:\s*'([^']+)',\s*values:\s*\{([^{}]*)\}/g)) {
          if (/\bcount\s*:/.test(raised[2]!)) keys.push(raised[1]!);
        }
      }
    }
  };
  walk(path.join(root, 'src'));
  return keys;
}

describe('code that counts', () => {
  const keys = keysUsedWithCount();

  it('finds the counting calls', () => {
    expect(keys).toEqual(expect.arrayContaining(['cart.open', 'mail.filesDraft', 'checkout.images', 'uploads.tooMany']));
  });

  it.each(['ko', 'en'] as const)('names plural keys in %s', (lang) => {
    const missing = keys.filter((key) => {
      const [ns, bare] = key.includes(':') ? key.split(':') as [string, string] : [null, key];
      const spaces = ns ? [ns] : NAMESPACES;
      return !spaces.some((space) => catalogs[lang][space]?.has(`${bare}_other`));
    });
    expect(missing).toEqual([]);
  });
});

describe('what a reader sees', () => {
  it('says one file, two files, in English; counts the same in the other languages', () => {
    const en = translatorFor('en', 'orders');
    expect(en('mail.filesDraft', { count: 1, name: 'Menu' })).toBe('We added 1 draft file to your order "Menu".');
    expect(en('mail.filesDraft', { count: 2, name: 'Menu' })).toBe('We added 2 draft files to your order "Menu".');
    expect(translatorFor('en', 'errors')('deliverables.delivered', { count: 1 })).toBe('1 file delivered.');
    expect(translatorFor('en', 'common')('cart.open', { count: 1 })).toBe('Open the cart (1 item)');
    expect(translatorFor('en', 'common')('cart.open', { count: 3 })).toBe('Open the cart (3 items)');
    expect(translatorFor('ko', 'orders')('checkout.images', { count: 1 })).toBe('1장');
    expect(translatorFor('ja', 'errors')('auth.tooManyAttempts', { count: 1 })).toBe('試行回数が多すぎます。1分後にもう一度お試しください。');
  });

  it('names the other lines of a cart, not all of them, in Chinese', () => {
    // orderName: the first line's name and how many more (lines.length - 1).
    expect(translatorFor('zh', 'orders')('orderName.more', { name: '白底抠图', count: 2 })).toBe('白底抠图及另外2项');
  });
});
