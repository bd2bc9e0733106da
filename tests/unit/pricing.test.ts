import { describe, expect, it } from 'vitest';
import { INCLUDED_IMAGES, SERVICES, findService, isQuoteOnly } from '../../src/domain/catalog/services.ts';
import { PACKAGES } from '../../src/domain/catalog/packages.ts';
import { TEMPLATES, TEMPLATE_CATEGORIES } from '../../src/domain/catalog/templates.ts';
import { BRIEF_OPTIONS } from '../../src/domain/briefs.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { serviceTotalKrw, serviceTotalMinor } from '../../src/domain/catalog/pricing.ts';

const service = (id: number) => findService(id)!;

describe('service catalog (SPEC sections 3 and 9, D1)', () => {
  it('has 13 services with unique ids 1-13 and slugs', () => {
    expect(SERVICES.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(new Set(SERVICES.map((s) => s.slug)).size).toBe(13);
  });

  it.each([
    [1, 30_000, 8_000, 1, 2],
    [2, 50_000, 12_000, 1, 3],
    [3, 95_000, 30_000, 2, 5],
    [4, 80_000, 25_000, 2, 5],
    [5, 120_000, 40_000, 2, 5],
    [7, 30_000, 8_000, 1, 2],
    [9, 50_000, 12_000, 1, 3],
  ])('service %d costs %d KRW for 3 images, %d per extra, %d-%d days', (id, base, extra, min, max) => {
    const s = service(id);
    expect(s.pricing).toEqual({ kind: 'fixed', basePriceKrw: base, includedImages: 3, extraPerImageKrw: extra });
    expect(s.delivery).toEqual({ minDays: min, maxDays: max });
    expect(s.hasCheckout).toBe(true);
  });

  it.each([6, 8, 10, 11, 12, 13])('service %d is quote-only with no card checkout', (id) => {
    expect(isQuoteOnly(service(id))).toBe(true);
    expect(service(id).hasCheckout).toBe(false);
    expect(service(id).delivery).toBeNull();
  });

  it('gives revisions: 2 for the AI music video, negotiable for customizing and AI music, 1 otherwise', () => {
    expect(SERVICES.map((s) => s.revisions)).toEqual([1, 1, 1, 1, 1, 'negotiable', 1, 1, 1, 1, 2, 1, 'negotiable']);
  });

  it('has before/after images on cards 1-10 only', () => {
    expect(SERVICES.filter((s) => s.beforeImage).map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('quantity pricing (SPEC section 9)', () => {
  it('includes three images', () => expect(INCLUDED_IMAGES).toBe(3));

  it.each([
    [1, 1, 30_000], [1, 3, 30_000], [1, 4, 38_000], [1, 10, 86_000],
    [2, 5, 74_000], [3, 4, 125_000], [4, 3, 80_000], [4, 4, 105_000], [4, 6, 155_000],
    [5, 5, 200_000], [7, 2, 30_000], [9, 7, 98_000],
  ])('service %d x %d images = %d KRW', (id, quantity, total) => {
    expect(serviceTotalKrw(service(id), quantity)).toBe(total);
  });

  it('converts the total into the store currency', () => {
    expect(serviceTotalMinor(service(4), 4, 'us')).toBe(7665); // 105,000 KRW = $76.65
    expect(serviceTotalMinor(service(4), 4, 'kr')).toBe(105_000);
  });

  it.each([0, -1, 1.5, 101, Number.NaN])('refuses quantity %s', (quantity) => {
    expect(() => serviceTotalKrw(service(1), quantity)).toThrow(DomainError);
  });

  it('refuses to price a quote-only service', () => {
    expect(() => serviceTotalKrw(service(6), 3)).toThrow(expect.objectContaining({ code: 'QUOTE_ONLY' }));
  });
});

describe('packages, templates and options', () => {
  it('has the three packages, delivery popular, 299/399/499 thousand won', () => {
    expect(PACKAGES.map((p) => [p.slug, p.priceKrw, p.popular])).toEqual([
      ['social', 299_000, false], ['delivery', 399_000, true], ['ecommerce', 499_000, false],
    ]);
    expect(PACKAGES.map((p) => [p.imageSize.width, p.imageSize.height])).toEqual([[383, 575], [383, 287], [383, 726]]);
  });

  it('has 27 templates priced 25,000 to 52,000 won in the four categories', () => {
    expect(TEMPLATES).toHaveLength(27);
    expect(TEMPLATES.map((t) => t.id)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    const prices = TEMPLATES.map((t) => t.priceKrw);
    expect(Math.min(...prices)).toBe(25_000);
    expect(Math.max(...prices)).toBe(52_000);
    for (const t of TEMPLATES) expect(TEMPLATE_CATEGORIES).toContain(t.category);
    for (const category of TEMPLATE_CATEGORIES) expect(TEMPLATES.some((t) => t.category === category)).toBe(true);
  });

  it('offers the brief options of SPEC section 3', () => {
    expect(BRIEF_OPTIONS.style).toEqual(['modern', 'cinematic', 'illustration', 'minimal']);
    expect(BRIEF_OPTIONS.colorTone).toEqual(['bright', 'dark', 'neon', 'pastel']);
    expect(BRIEF_OPTIONS.usage).toEqual(['sns', 'menu', 'advertisement', 'ecommerce']);
  });
});
