/**
 * Every page lives under /{country}. A page request without a valid prefix is answered with a
 * redirect to the detected store, keeping the path and the query (DESIGN D12); SPEC's legacy
 * paths land on their current pages.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCountryCode } from '../../domain/countries.ts';
import { detectCountry, type CountryDetectionOptions } from './country-detection.ts';
import { onPageRequest } from '../http/page-hooks.ts';

/** Old addresses whose page has a new name under the prefix (SPEC section 2). */
const LEGACY_RENAMES: Record<string, string> = {
  '/templates': '/templateshop',
};

/** React Router's own endpoints, which are not pages. */
const ROUTER_ENDPOINTS = ['/__manifest'];

/** First path segment without React Router's `.data` suffix (client navigation requests). */
function prefixOf(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return first.replace(/\.data$/, '');
}

function redirectTarget(request: FastifyRequest, options: CountryDetectionOptions): string | null {
  const [pathname = '/', query] = request.url.split(/\?(.*)/s, 2);
  if (ROUTER_ENDPOINTS.includes(pathname)) return null;
  const prefix = prefixOf(pathname);
  if (isCountryCode(prefix)) return null;
  const search = query !== undefined ? `?${query}` : '';
  if (isCountryCode(prefix.toLowerCase())) {
    return `/${prefix.toLowerCase()}${pathname.slice(prefix.length + 1)}${search}`;
  }
  const country = detectCountry(request, options);
  const rest = LEGACY_RENAMES[pathname] ?? (pathname === '/' ? '' : pathname);
  return `/${country}${rest}${search}`;
}

export function registerCountryPrefix(app: FastifyInstance, options: CountryDetectionOptions): void {
  // Only the page catch-all is prefixed: API routes, static files and feeds keep their paths.
  onPageRequest(app, (request, reply, done) => {
    const target = request.method === 'GET' || request.method === 'HEAD' ? redirectTarget(request, options) : null;
    if (!target) return done();
    reply.header('vary', 'Accept-Language, Cookie');
    reply.header('cache-control', 'private, no-store');
    reply.redirect(target, 302); // answered: the request goes no further (no done)
  });
}
