import { describe, expect, it } from 'vitest';
import { storeFromAcceptLanguage } from '../../src/server/routing/country-detection.ts';
import { acceptedLanguageTags } from '../../src/server/http/accept-language.ts';
import { negotiateLanguage } from '../../src/server/http/language.ts';
import { switchCountryPath } from '../../src/web/features/store/store-menu-panels.tsx';
import { HERO_SLIDES, HERO_VARIANTS, pickHero } from '../../src/web/features/home/hero-variant.ts';
import { alternatesFor, hreflangOf } from '../../src/domain/site.ts';

describe('store from Accept-Language (D12)', () => {
  it.each([
    ['ko-KR,ko;q=0.9,en;q=0.8', 'kr'],
    ['ko', 'kr'],
    ['en-US,en;q=0.9', 'us'],
    ['en-AU', 'au'],
    ['en-GB', 'us'],
    ['vi', 'vn'],
    ['zh-CN', 'cn'],
    ['zh-TW', 'kr'],
    ['zh-Hant-HK', 'kr'],
    ['ja-JP', 'kr'],
    ['ja', 'kr'],
    ['ms-MY', 'my'],
    ['de-DE', 'us'],
    ['fr', 'us'],
    ['de;q=0.1, vi;q=0.9', 'vn'],
  ])('%s -> %s', (header, store) => {
    expect(storeFromAcceptLanguage(header)).toBe(store);
  });

  it('says nothing without a usable header', () => {
    expect(storeFromAcceptLanguage(undefined)).toBeNull();
    expect(storeFromAcceptLanguage('*')).toBeNull();
  });
});

describe('API language negotiation', () => {
  it.each([
    ['ko', 'ko'], ['ja-JP,ja;q=0.9', 'ja'], ['de,vi;q=0.5', 'vi'], ['zh-CN', 'zh'], ['de', null], [undefined, null],
  ])('%s -> %s', (header, lang) => expect(negotiateLanguage(header)).toBe(lang));

  it('reads a header the same the second time, however long, and lets no caller change what is kept', () => {
    const header = 'fr-CA,de;q=0.9,ja;q=0.8';
    const first = acceptedLanguageTags(header);
    expect(first).toEqual(['fr-CA', 'de', 'ja']);
    expect(() => (first as string[]).push('ko')).toThrow(TypeError);
    expect(acceptedLanguageTags(header)).toEqual(['fr-CA', 'de', 'ja']);
    const long = `${Array.from({ length: 60 }, (_, i) => `x${i};q=0.1`).join(',')},vi;q=0.5`;
    expect(negotiateLanguage(long)).toBe('vi');
    expect(negotiateLanguage(long)).toBe('vi');
  });
});

describe('country menu path (SPEC section 2)', () => {
  it('replaces the prefix and keeps the rest of the address', () => {
    expect(switchCountryPath('/kr/template/3', '?x=1', '#top', 'us')).toBe('/us/template/3?x=1#top');
    expect(switchCountryPath('/kr', '', '', 'vn')).toBe('/vn');
    expect(switchCountryPath('/au/templateshop', '?category=food', '', 'my')).toBe('/my/templateshop?category=food');
  });
});

describe('hero variant (SPEC section 2)', () => {
  it('shows variant 5 below 0.6 and spreads 1-4 over the rest, from one draw', () => {
    expect(pickHero(() => 0).variant).toBe(5);
    expect(pickHero(() => 0.5999).variant).toBe(5);
    expect([0.6, 0.75, 0.85, 0.9999].map((r) => pickHero(() => r).variant)).toEqual([1, 2, 3, 4]);
  });

  it('lands near 60% for variant 5 over many draws', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const draws = Array.from({ length: 20_000 }, () => pickHero(random).variant);
    const share = draws.filter((v) => v === 5).length / draws.length;
    expect(share).toBeGreaterThan(0.58);
    expect(share).toBeLessThan(0.62);
    expect(new Set(draws)).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('draws the headline and its first slide together: every slide that goes with a headline can open it, and only those (issue 16)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const seen = new Map<number, Set<number>>();
    for (let i = 0; i < 20_000; i++) {
      const { variant, slide } = pickHero(random);
      expect(HERO_SLIDES[variant]).toContain(slide);
      seen.set(variant, (seen.get(variant) ?? new Set()).add(slide));
    }
    for (const variant of HERO_VARIANTS) expect([...(seen.get(variant) ?? [])].sort((a, b) => a - b)).toEqual([...HERO_SLIDES[variant]].sort((a, b) => a - b));
    for (const variant of HERO_VARIANTS) for (const slide of HERO_SLIDES[variant]) expect(slide >= 1 && slide <= 14, `slide ${slide}`).toBe(true);
    expect(pickHero(() => 1).variant).toBe(4);
  });
});

describe('hreflang alternates', () => {
  it('lists the six stores plus x-default', () => {
    expect(hreflangOf('kr')).toBe('ko-KR');
    expect(alternatesFor('https://shop.test', '/terms')).toEqual([
      { hreflang: 'ko-KR', href: 'https://shop.test/kr/terms' },
      { hreflang: 'en-US', href: 'https://shop.test/us/terms' },
      { hreflang: 'en-AU', href: 'https://shop.test/au/terms' },
      { hreflang: 'vi-VN', href: 'https://shop.test/vn/terms' },
      { hreflang: 'zh-CN', href: 'https://shop.test/cn/terms' },
      { hreflang: 'en-MY', href: 'https://shop.test/my/terms' },
      { hreflang: 'x-default', href: 'https://shop.test/terms' },
    ]);
  });
});
