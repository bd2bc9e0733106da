import { describe, expect, it } from 'vitest';
import { awaitsQuote } from '../../src/domain/quotes.ts';

describe('awaitsQuote', () => {
  it('is a consultation whose price staff have not set yet, and nothing else', () => {
    expect(awaitsQuote({ orderType: 'consultation', amount: 0 })).toBe(true);
    expect(awaitsQuote({ orderType: 'consultation', amount: 150_000 })).toBe(false);
    // A paid order of another kind is never "awaiting a quote", whatever its amount.
    expect(awaitsQuote({ orderType: 'service', amount: 0 })).toBe(false);
    expect(awaitsQuote({ orderType: 'template', amount: 30_000 })).toBe(false);
  });
});
