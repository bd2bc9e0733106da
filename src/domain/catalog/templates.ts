/**
 * The 27 design templates of the template shop (SPEC section 3, DESIGN D6: every one has a
 * detail page). Titles, types and descriptions are message-catalog entries under
 * `catalog:templates.<id>`; prices are whole won, VAT included.
 */
export const TEMPLATE_CATEGORIES = ['food', 'fashion', 'cosmetics', 'others'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export interface TemplateDefinition {
  id: number;
  category: TemplateCategory;
  priceKrw: number;
  image: string;
  /** Intrinsic artwork size, so the masonry grid reserves space before the image loads. */
  width: number;
  height: number;
}

/** What every template purchase includes (SPEC section 2), keys under `catalog:templateInclusions`. */
export const TEMPLATE_INCLUSIONS = [
  'highResPhotography', 'backgroundStyling', 'multipleAngles', 'commercialRights', 'deliveryDays',
] as const;

/** Templates are delivered within 1 to 5 days (SPEC section 9). */
export const TEMPLATE_DELIVERY = { minDays: 1, maxDays: 5 } as const;

const PORTRAIT = { width: 600, height: 800 };
const SQUARE = { width: 600, height: 600 };
const TALL = { width: 600, height: 900 };
const LANDSCAPE = { width: 600, height: 450 };

type Shape = typeof PORTRAIT;
const t = (id: number, category: TemplateCategory, priceThousands: number, shape: Shape): TemplateDefinition => ({
  id, category, priceKrw: priceThousands * 1000, image: `template-${id}`, ...shape,
});

export const TEMPLATES: readonly TemplateDefinition[] = [
  t(1, 'food', 35, PORTRAIT),
  t(2, 'cosmetics', 42, SQUARE),
  t(3, 'fashion', 45, TALL),
  t(4, 'food', 29, LANDSCAPE),
  t(5, 'others', 25, SQUARE),
  t(6, 'cosmetics', 48, PORTRAIT),
  t(7, 'fashion', 39, SQUARE),
  t(8, 'food', 32, TALL),
  t(9, 'others', 27, PORTRAIT),
  t(10, 'cosmetics', 36, LANDSCAPE),
  t(11, 'fashion', 52, PORTRAIT),
  t(12, 'food', 38, SQUARE),
  t(13, 'others', 30, LANDSCAPE),
  t(14, 'cosmetics', 44, TALL),
  t(15, 'fashion', 41, LANDSCAPE),
  t(16, 'food', 26, PORTRAIT),
  t(17, 'others', 33, TALL),
  t(18, 'cosmetics', 39, SQUARE),
  t(19, 'fashion', 47, PORTRAIT),
  t(20, 'food', 31, TALL),
  t(21, 'others', 28, SQUARE),
  t(22, 'cosmetics', 50, PORTRAIT),
  t(23, 'fashion', 34, SQUARE),
  t(24, 'food', 43, LANDSCAPE),
  t(25, 'others', 37, PORTRAIT),
  t(26, 'cosmetics', 46, LANDSCAPE),
  t(27, 'fashion', 49, TALL),
];

export function findTemplate(id: number): TemplateDefinition | undefined {
  return TEMPLATES.find((template) => template.id === id);
}

export function isTemplateCategory(value: unknown): value is TemplateCategory {
  return typeof value === 'string' && (TEMPLATE_CATEGORIES as readonly string[]).includes(value);
}
