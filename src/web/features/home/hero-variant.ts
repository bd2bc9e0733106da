/**
 * SPEC section 2: the hero's headline is variant 5 60% of the time, otherwise one of 1-4 at
 * random. The headline and the slideshow's first picture are one pick (issue 16): every headline
 * opens on a slide that shows what it names, so "menu photos" never stands over a perfume bottle.
 * The loader draws the pair on the server, so the first paint and hydration agree.
 */
export const HERO_VARIANTS = [1, 2, 3, 4, 5] as const;
export type HeroVariant = (typeof HERO_VARIANTS)[number];

/** The slides (1-14, see slideshow.alt in the home catalog) each headline may open on. */
export const HERO_SLIDES: Readonly<Record<HeroVariant, readonly number[]>> = {
  // Product photos that sell: products on clean studio sets.
  1: [1, 5, 6, 9, 10],
  // Studio shots without the studio: dramatic studio light.
  2: [2, 6, 7],
  // Menu photos: food and drinks.
  3: [3, 4, 8, 11],
  // From a phone snapshot to a studio shot: a single product on a finished studio set.
  4: [1, 5, 9],
  // Premium product photos (product, food, fashion and cosmetics).
  5: [1, 2, 4, 5, 6, 7, 8, 9, 10, 12],
};

export interface HeroPick {
  variant: HeroVariant;
  /** The slide the slideshow starts on, 1-14. */
  slide: number;
}

const pickFrom = (list: readonly number[], share: number): number => list[Math.min(list.length - 1, Math.floor(share * list.length))]!;

/**
 * One draw picks the pair: [0, 0.6) is variant 5, [0.6, 1) is split in equal quarters between
 * variants 1-4, and where the draw falls within its variant's share picks that variant's slide.
 */
export function pickHero(random: () => number = Math.random): HeroPick {
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  if (r < 0.6) return { variant: 5, slide: pickFrom(HERO_SLIDES[5], r / 0.6) };
  const q = ((r - 0.6) / 0.4) * 4;
  const variant = (1 + Math.min(3, Math.floor(q))) as Exclude<HeroVariant, 5>;
  return { variant, slide: pickFrom(HERO_SLIDES[variant], q - (variant - 1)) };
}
