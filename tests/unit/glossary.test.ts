/**
 * docs/glossary.md is enforced (issue 16, item 19): one word per concept in each language. The
 * test reads its "Terms" and "Never write" tables and fails when a catalog string uses a variant
 * the glossary replaced (ドラフト for 初稿, 我的页面 for 个人中心, "My Page", "business days"…).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES, type Language } from '../../src/i18n/config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const glossary = fs.readFileSync(path.join(root, 'docs/glossary.md'), 'utf8');

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

type Catalog = Map<string, string>;
const catalogs = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const all: Catalog = new Map();
    for (const ns of NAMESPACES) {
      const file = path.join(root, 'src/i18n/locales', lang, `${ns}.json`);
      for (const [key, text] of flatten(JSON.parse(fs.readFileSync(file, 'utf8')))) all.set(`${ns}:${key}`, text);
    }
    return [lang, all];
  }),
) as Record<Language, Catalog>;

interface Row { concept: string; cells: Record<Language, string[]> }

/** The Markdown table under `## {heading}`: concept, then one column per language. */
function table(markdown: string, heading: string): Row[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`glossary: no "## ${heading}"`);
  const section = markdown.slice(start + heading.length + 5).split(/\n## /)[0]!;
  const lines = section.split('\n').filter((line) => line.trim().startsWith('|'));
  const header = lines[0]!.split('|').slice(1, -1).map((cell) => cell.trim());
  if (header.join() !== ['concept', ...LANGUAGES].join()) throw new Error(`glossary: "${heading}" columns are ${header.join(', ')}`);
  return lines.slice(2).map((line) => {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    if (cells.length !== LANGUAGES.length + 1) throw new Error(`glossary: a row of "${heading}" has ${cells.length} cells: ${line}`);
    const words = (cell: string) => cell.split(';').map((word) => word.trim()).filter(Boolean);
    return { concept: cells[0]!, cells: Object.fromEntries(LANGUAGES.map((lang, i) => [lang, words(cells[i + 1]!)])) as Record<Language, string[]> };
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Latin-script words match whole and in any case; CJK words match anywhere. */
function matcher(word: string): RegExp {
  const latinStart = /^\p{Script=Latin}/u.test(word);
  const latinEnd = /\p{Script=Latin}$/u.test(word);
  return new RegExp(`${latinStart ? '(?<![\\p{L}\\p{N}_-])' : ''}${escape(word)}${latinEnd ? '(?![\\p{L}\\p{N}_-])' : ''}`, 'iu');
}
/** What a reader sees: no placeholders, no markup. */
const readable = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<\/?\w+>/g, '');

function forbiddenUses(lang: Language, catalog: Catalog, never: Row[]): string[] {
  const found: string[] = [];
  for (const row of never) {
    for (const word of row.cells[lang]) {
      const re = matcher(word);
      for (const [key, text] of catalog) if (re.test(readable(text))) found.push(`${lang} ${key} says "${word}" (${row.concept})`);
    }
  }
  return found;
}

const terms = table(glossary, 'Terms');
const never = table(glossary, 'Never write');

describe('docs/glossary.md', () => {
  it('names every concept in every language', () => {
    for (const row of terms) for (const lang of LANGUAGES) expect(row.cells[lang], `${row.concept} in ${lang}`).not.toEqual([]);
  });

  it('has the concepts the store names', () => {
    const concepts = terms.map((row) => row.concept.split(' (')[0]);
    for (const concept of ['brand', 'order', 'cart', 'checkout', 'consultation', 'quote', 'brief', 'draft', 'revision', 'deliverables', 'My Page', 'customer support', 'working days', 'template shop', 'refund', 'guest', 'guest private link']) {
      expect(concepts).toContain(concept);
    }
  });

  it('never lists a word as both the term and a variant to replace', () => {
    for (const row of never) {
      const term = terms.find((t) => t.concept === row.concept);
      if (!term) continue;
      for (const lang of LANGUAGES) for (const word of row.cells[lang]) expect(term.cells[lang], `${row.concept} in ${lang}`).not.toContain(word);
    }
  });
});

describe('the catalogs use the glossary', () => {
  it.each(LANGUAGES)('%s has none of the replaced variants', (lang) => {
    expect(forbiddenUses(lang, catalogs[lang], never)).toEqual([]);
  });

  it('English spells -ise words the British way', () => {
    const american = [...catalogs.en].filter(([, text]) => /\b\w+(?:iz(?:e|es|ed|ing|ation|ations)|yz(?:e|es|ed|ing))\b/i.test(readable(text).replace(/\b(?:size|sizes|sized|seize|prize|capsize)\b/gi, '')));
    expect(american.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('fails a string with a replaced variant, whole words only in Latin script', () => {
    const bad: Catalog = new Map([
      ['orders:a', 'ドラフトをご確認ください'],
      ['orders:b', 'See it in My Page'],
      ['orders:c', 'Choose a colour'],
      ['orders:d', 'We reply within {{count}} business days.'],
    ]);
    expect(forbiddenUses('ja', bad, never)).toEqual(['ja orders:a says "ドラフト" (draft (first version for review))']);
    expect(forbiddenUses('en', bad, never)).toEqual([
      'en orders:b says "My Page" (My Page (the customer\'s account page))',
      'en orders:d says "business days" (working days (영업일))',
    ]);
    expect(forbiddenUses('en', new Map([['x:y', 'Send us an e-mail; {{email}} is fine']]), never)).toEqual([]);
    expect(forbiddenUses('vi', new Map([['x:y', 'Gửi E-mail']]), never)).toEqual(['vi x:y says "e-mail" (e-mail)']);
  });
});
