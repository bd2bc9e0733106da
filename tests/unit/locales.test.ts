/**
 * Every message exists in all five languages, nothing is empty, interpolations match, and no
 * English is left in the other languages' catalogs (the shared locale-check covers the first two
 * too; this keeps them checked where ../shared is not beside the project).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '../../src/i18n/config.ts';
import { ORDER_STATUSES, BRIEF_STATUSES } from '../../src/domain/statuses.ts';
import { catalogs } from './support/catalogs.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const english = catalogs.en![ns]!;

  it.each(LANGUAGES)('%s has exactly the English keys, none empty', (lang) => {
    const messages = catalogs[lang]![ns]!;
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    expect([...messages].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same {{placeholders}} as English', (lang) => {
    const messages = catalogs[lang]![ns]!;
    const mismatched = [...english].filter(([key, text]) => placeholders(text).join() !== placeholders(messages.get(key) ?? '').join());
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has no sentence left in English', (lang) => {
    const messages = catalogs[lang]![ns]!;
    // Identical long sentences mean an untranslated copy; brand names and short codes may match.
    const copied = [...english].filter(([key, text]) => text.length > 24 && /\s/.test(text) && messages.get(key) === text);
    expect(copied.map(([k]) => k)).toEqual([]);
  });
});

it('labels every order and brief status in every language', () => {
  for (const lang of LANGUAGES) {
    for (const s of ORDER_STATUSES) expect(catalogs[lang]!.common!.get(`orderStatus.${s}`)).toBeTruthy();
    for (const s of BRIEF_STATUSES) expect(catalogs[lang]!.common!.get(`briefStatus.${s}`)).toBeTruthy();
  }
});
