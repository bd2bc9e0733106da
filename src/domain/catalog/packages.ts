/**
 * The three packages of the pricing section (SPEC sections 2, 3 and 9). SPEC gives their prices
 * in "base units" of 299, 399 and 499; they are thousands of won (docs/decisions/0004).
 */
export type PackageSlug = 'social' | 'delivery' | 'ecommerce';

export interface PackageDefinition {
  slug: PackageSlug;
  priceKrw: number;
  popular: boolean;
  image: string;
  /** Mockup size in CSS pixels as SPEC gives it; used for width/height and the aspect ratio. */
  imageSize: { width: number; height: number };
  /** Message keys under `catalog:packages.features`. */
  features: readonly string[];
  delivery: { minDays: number; maxDays: number };
}

/** Package services may be used for at most three months (SPEC section 9). */
export const PACKAGE_USAGE_MONTHS = 3;

export const PACKAGES: readonly PackageDefinition[] = [
  {
    slug: 'social', priceKrw: 299_000, popular: false, image: 'package-social',
    imageSize: { width: 383, height: 575 },
    features: ['photos15', 'socialTemplates10', 'shortVideo', 'consulting30'],
    delivery: { minDays: 3, maxDays: 14 },
  },
  {
    slug: 'delivery', priceKrw: 399_000, popular: true, image: 'package-delivery',
    imageSize: { width: 383, height: 287 },
    features: ['menuShoots', 'thumbnails3', 'detailPage', 'consulting30'],
    delivery: { minDays: 3, maxDays: 14 },
  },
  {
    slug: 'ecommerce', priceKrw: 499_000, popular: false, image: 'package-ecommerce',
    imageSize: { width: 383, height: 726 },
    features: ['catalog10', 'whiteBackground5', 'detailPage', 'consulting30'],
    delivery: { minDays: 3, maxDays: 14 },
  },
];

export function findPackage(slug: string): PackageDefinition | undefined {
  return PACKAGES.find((p) => p.slug === slug);
}
