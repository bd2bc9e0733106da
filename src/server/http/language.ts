import { isLanguage, type Language } from '../../domain/countries.ts';
import { acceptedLanguageTags } from './accept-language.ts';

/** Best supported language of an Accept-Language header, honouring q-values; null if none. */
export function negotiateLanguage(header: string | undefined): Language | null {
  for (const tag of acceptedLanguageTags(header)) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}
