import { COUNTRIES, isLanguage, type CountryCode, type Language } from '../../domain/countries.ts';
import { LANGUAGE_COOKIE } from '../../i18n/config.ts';

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The language a page is shown in: the visitor's remembered choice, else the store's (D11). */
export function resolveLanguage(request: Request, country: CountryCode): Language {
  const chosen = readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : COUNTRIES[country].lang;
}
