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

import { flatten } from './support/catalogs.ts';

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

/**
 * Form (issue 16, item 21), as docs/glossary.md's "Form" section says: Japanese and Chinese put
 * numbers and placeholders right beside their text and use full-width punctuation; mail subjects
 * open with the brand in one bracket style per language.
 */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー々〜';
const SPACED_NUMBER = new RegExp(`[${CJK}][ \\u00a0]+(?:\\d|\\{\\{)|(?:\\d|\\}\\}|%)[ \\u00a0]+[${CJK}]`, 'u');
const HALF_WIDTH = new RegExp(`[${CJK}][ \\u00a0]?[:()\\[\\]!?;]|[:()\\[\\]!?;][ \\u00a0]?[${CJK}]`, 'u');
const SUBJECT_BRAND: Record<Language, string> = { ko: '[스튜디오 루미] ', en: '[Studio Lumi] ', ja: '【Studio Lumi】', vi: '[Studio Lumi] ', zh: '【Studio Lumi】' };

function formProblems(lang: Language, catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const [key, text] of catalog) {
    // The copyright formula keeps its spaces: © 2025 株式会社… All rights reserved.
    if ((lang === 'ja' || lang === 'zh') && SPACED_NUMBER.test(text.replace(/^© \{\{year\}\} /, ''))) problems.push(`${lang} ${key}: a space between a number and the text`);
    if ((lang === 'ja' || lang === 'zh') && HALF_WIDTH.test(readable(text))) problems.push(`${lang} ${key}: half-width punctuation in ${lang} text`);
    const bracketed = /^(\[[^\]]*\]|【[^】]*】)/.exec(text);
    if (bracketed && /Subject$/i.test(key) && !text.startsWith(SUBJECT_BRAND[lang])) problems.push(`${lang} ${key}: a subject opens with "${bracketed[0]}", not "${SUBJECT_BRAND[lang]}"`);
  }
  return problems;
}

describe('form', () => {
  it.each(LANGUAGES)('%s: numbers, punctuation and mail subjects', (lang) => {
    expect(formProblems(lang, catalogs[lang])).toEqual([]);
  });

  it('fails a spaced number, half-width punctuation and the other bracket', () => {
    const bad: Catalog = new Map([
      ['admin:overview.pending', '待付款 {{count}} 笔'],
      ['briefs:generated.style', 'スタイル: {{list}}'],
      ['orders:mail.filesSubject', '[Studio Lumi] 您的订单有新文件'],
    ]);
    expect(formProblems('zh', bad)).toEqual([
      'zh admin:overview.pending: a space between a number and the text',
      'zh briefs:generated.style: half-width punctuation in zh text',
      'zh orders:mail.filesSubject: half-width punctuation in zh text',
      'zh orders:mail.filesSubject: a subject opens with "[Studio Lumi]", not "【Studio Lumi】"',
    ]);
    expect(formProblems('ja', bad)).toEqual([
      'ja admin:overview.pending: a space between a number and the text',
      'ja briefs:generated.style: half-width punctuation in ja text',
      'ja orders:mail.filesSubject: half-width punctuation in ja text',
      'ja orders:mail.filesSubject: a subject opens with "[Studio Lumi]", not "【Studio Lumi】"',
    ]);
  });
});
