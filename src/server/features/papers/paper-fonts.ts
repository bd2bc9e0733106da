/**
 * The fonts papers are set in (issue 34): Noto Sans for Latin and Vietnamese, and Noto Sans KR, JP
 * and SC for Korean, Japanese and Chinese, shipped as npm packages (decision 0041) so an install
 * from the registry is all a machine needs. Each is read and parsed once per process and shared by
 * every document (pdfkit embeds only the glyphs a document uses). A paper in one language can carry
 * another script (a Korean company on an English receipt), so text is set in runs, each in the
 * first font of the language's order that has its characters.
 */
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Language } from '../../../domain/countries.ts';

const FACES = {
  latin: 'noto-sans/{w}/NotoSans_{w}.ttf',
  kr: 'noto-sans-kr/{w}/NotoSansKR_{w}.ttf',
  jp: 'noto-sans-jp/{w}/NotoSansJP_{w}.ttf',
  sc: 'noto-sans-sc/{w}/NotoSansSC_{w}.ttf',
} as const;
type Face = keyof typeof FACES;
export type Weight = 'regular' | 'bold';
const WEIGHT_FILES: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' };

/** The faces tried for a language, its own first: Han characters read as the language's own forms. */
const FACE_ORDER: Record<Language, readonly Face[]> = {
  ko: ['kr', 'latin', 'jp', 'sc'],
  en: ['latin', 'kr', 'jp', 'sc'],
  vi: ['latin', 'kr', 'jp', 'sc'],
  ja: ['jp', 'latin', 'kr', 'sc'],
  zh: ['sc', 'latin', 'jp', 'kr'],
};

type Font = fontkit.Font;
const require = createRequire(import.meta.url);
const loaded = new Map<string, Font>();

function fontOf(face: Face, weight: Weight): Font {
  const id = `${face}-${weight}`;
  let font = loaded.get(id);
  if (!font) {
    const file = require.resolve(`@expo-google-fonts/${FACES[face].replaceAll('{w}', WEIGHT_FILES[weight])}`);
    font = fontkit.openSync(file) as Font;
    loaded.set(id, font);
  }
  return font;
}

/** A font's name in a document, and the font pdfkit embeds under it. */
export const fontName = (face: Face, weight: Weight) => `${face}-${weight}`;

export interface Run {
  text: string;
  font: string;
}

/** Combining marks stay with the character before them, whatever font has them. */
const COMBINING = /\p{M}/u;

/**
 * `text` cut into runs, each in the first face of the language's order that has all of its
 * characters; a character no face has stays in the language's own (it shows as a blank box).
 */
export function runsOf(text: string, lang: Language, weight: Weight): Run[] {
  const order = FACE_ORDER[lang];
  const runs: Run[] = [];
  for (const char of text.normalize('NFC')) {
    const last = runs.at(-1);
    const code = char.codePointAt(0)!;
    const face = (last && COMBINING.test(char)) || char === ' '
      ? null
      : order.find((f) => fontOf(f, weight).hasGlyphForCodePoint(code)) ?? order[0]!;
    const font = face ? fontName(face, weight) : last?.font ?? fontName(order[0]!, weight);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/** The font `runsOf` named `name`, parsed once, for `doc.registerFont`. */
export function fontNamed(name: string): Font {
  const [face, weight] = name.split('-') as [Face, Weight];
  if (!(face in FACES) || !(weight in WEIGHT_FILES)) throw new Error(`no paper font ${name}`);
  return fontOf(face, weight);
}
