/** SPEC section 2: variant 5 is shown 60% of the time, otherwise one of 1-4 at random. */
export const HERO_VARIANTS = [1, 2, 3, 4, 5] as const;
export type HeroVariant = (typeof HERO_VARIANTS)[number];

export function pickHeroVariant(random: () => number = Math.random): HeroVariant {
  if (random() < 0.6) return 5;
  return (1 + Math.min(3, Math.floor(random() * 4))) as HeroVariant;
}
