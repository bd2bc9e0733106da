/** /robots.txt and /sitemap.xml with hreflang alternates for the six stores. */
import type { FastifyInstance } from 'fastify';
import { COUNTRY_CODES } from '../../domain/countries.ts';
import { TEMPLATES } from '../../domain/catalog/templates.ts';
import { alternatesFor } from '../../domain/site.ts';

/** Every public, indexable page, as a path below the country prefix ('' is the home page). */
function publicPagePaths(): string[] {
  return ['', '/templateshop', ...TEMPLATES.map((t) => `/template/${t.id}`), '/terms'];
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sitemapXml(origin: string): string {
  const urls: string[] = [];
  for (const page of publicPagePaths()) {
    const links = alternatesFor(origin, page)
      .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('\n');
    for (const country of COUNTRY_CODES) {
      urls.push(`  <url>\n    <loc>${escapeXml(`${origin}/${country}${page}`)}</loc>\n${links}\n  </url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/** Absolute links use the public origin only (D24). */
export function registerSeoRoutes(app: FastifyInstance, origin: string): void {
  // The origin is fixed configuration, so both documents are made once.
  const disallowed = ['/api/', ...COUNTRY_CODES.flatMap((c) => [`/${c}/admin`, `/${c}/profile`, `/${c}/payment/`, `/${c}/orders/`, `/${c}/reset-password`])];
  const robots = `User-agent: *\n${disallowed.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`;
  const sitemap = sitemapXml(origin);
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  app.get('/sitemap.xml', async (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap));
}
