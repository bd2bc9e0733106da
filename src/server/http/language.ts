import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../../domain/countries.ts';
import { LANGUAGE_COOKIE } from '../../i18n/config.ts';

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
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) if (isLanguage(entry.base)) return entry.base;
  return null;
}
