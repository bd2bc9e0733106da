import { describe, expect, it } from 'vitest';
import { lineName, orderName } from '../../src/server/features/orders/order-names.ts';

// The names are kept once worked out (every order asks for them): what they are kept by must
// include everything that changes the words.
describe('order names (D23), as kept once worked out', () => {
  const food = { kind: 'service' as const, ref: '4' };

  it('names one line with its quantity, in the order language', () => {
    expect(orderName([{ ...food, quantity: 5 }], 'ko')).toBe('푸드 스튜디오 컷 × 5장');
    expect(orderName([{ ...food, quantity: 5 }], 'ko')).toBe('푸드 스튜디오 컷 × 5장');
    expect(orderName([{ ...food, quantity: 6 }], 'ko')).toBe('푸드 스튜디오 컷 × 6장');
    expect(orderName([{ ...food, quantity: 5 }], 'en')).toBe(`${lineName(food, 'en')} × 5`);
    expect(lineName(food, 'en')).not.toBe(lineName(food, 'ko'));
  });

  it('tells lines of different kinds with the same id apart', () => {
    const template = { kind: 'template' as const, ref: '4' };
    expect(lineName(template, 'ko')).not.toBe(lineName(food, 'ko'));
    expect(orderName([{ ...template, quantity: 5 }], 'ko')).toBe(`${lineName(template, 'ko')} × 5개`);
  });

  // Issue 33, item 15: only a service priced by its images counts sheets.
  it('names a template or a package by its name alone, and counts more than one without sheets', () => {
    const template = { kind: 'template' as const, ref: '1', quantity: 1 };
    const social = { kind: 'package' as const, ref: 'social', quantity: 1 };
    for (const lang of ['ko', 'en', 'ja', 'vi', 'zh'] as const) {
      expect(orderName([template], lang)).toBe(lineName(template, lang));
      expect(orderName([social], lang)).toBe(lineName(social, lang));
      expect(orderName([{ ...template, quantity: 2 }], lang)).toMatch(/ × 2(개)?$/);
    }
    expect(orderName([social], 'ko')).toBe('SNS 올인원 패키지');
  });

  it('names several lines by the first and how many more', () => {
    const lines = [{ ...food, quantity: 5 }, { kind: 'package' as const, ref: 'social', quantity: 1 }];
    expect(orderName(lines, 'ko')).toBe('푸드 스튜디오 컷 외 1건');
    expect(orderName([...lines, { kind: 'template' as const, ref: '1', quantity: 1 }], 'ko')).toBe('푸드 스튜디오 컷 외 2건');
  });
});
