/** Brief options (SPEC section 3); labels are under `catalog:options.<group>.<value>`. */
export const STYLE_OPTIONS = ['modern', 'cinematic', 'illustration', 'minimal'] as const;
export const COLOR_TONE_OPTIONS = ['bright', 'dark', 'neon', 'pastel'] as const;
export const USAGE_OPTIONS = ['sns', 'menu', 'advertisement', 'ecommerce'] as const;

export type StyleOption = (typeof STYLE_OPTIONS)[number];
export type ColorToneOption = (typeof COLOR_TONE_OPTIONS)[number];
export type UsageOption = (typeof USAGE_OPTIONS)[number];
