import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../../domain/countries.ts';
import { LANGUAGE_COOKIE } from '../../i18n/config.ts';
import { acceptedLanguageTags } from './accept-language.ts';

/**
 * The language an API answer is written in: the request's Accept-Language (our pages send the
 * language they show), then the remembered choice, then English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const fromHeader = negotiateLanguage(request.headers['accept-language']);
  if (fromHeader) return fromHeader;
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(cookie) ? cookie : 'en';
}

/** Best supported language of an Accept-Language header, honouring q-values; null if none. */
export function negotiateLanguage(header: string | undefined): Language | null {
  for (const tag of acceptedLanguageTags(header)) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}
