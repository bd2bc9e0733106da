/**
 * The server-rendered pages through HTTP: country prefix redirects (D12), status codes, language,
 * SEO tags, security headers and feeds. Runs against the production build (`npm test` builds
 * first).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestServer } from './harness.ts';

if (!fs.existsSync('build/server/index.js')) {
  throw new Error('tests/integration/pages.test.ts needs the production build: run `npm run build` first');
}

describe.each(BACKENDS)('pages on %s', (backend) => {
  const server = useTestServer(backend);
  const get = (url: string, headers: Record<string, string> = {}) => server().app.inject({ method: 'GET', url, headers });

  describe('country prefix', () => {
    it.each([
      ['/', 'ko-KR,ko;q=0.9', '/kr'],
      ['/?utm_source=ad&x=1', 'en-AU', '/au?utm_source=ad&x=1'],
      ['/templateshop', 'vi-VN', '/vn/templateshop'],
      ['/templates', 'en-US', '/us/templateshop'],
      ['/templates?category=food', 'zh-CN', '/cn/templateshop?category=food'],
      ['/profile', 'ms-MY', '/my/profile'],
      ['/reset-password?token=abc123', 'ja-JP', '/kr/reset-password?token=abc123'],
      ['/admin/users', 'de-DE', '/us/admin/users'],
      ['/template/3', '', '/us/template/3'],
      ['/de/whatever', 'en-GB', '/us/de/whatever'],
    ])('%s with Accept-Language "%s" redirects to %s', async (url, language, location) => {
      const response = await get(url, language ? { 'accept-language': language } : {});
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
      expect(response.headers.vary).toContain('Accept-Language');
    });

    it('lower-cases an upper-case prefix', async () => {
      const response = await get('/KR/terms?a=1');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/kr/terms?a=1');
    });

    it('prefers the store the visitor chose before', async () => {
      const response = await get('/', { 'accept-language': 'ko', cookie: 'country=vn' });
      expect(response.headers.location).toBe('/vn');
    });

    it('sends the old staff users page to the staff page\'s users tab, query kept', async () => {
      const response = await get('/kr/admin/users?q=kim');
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/kr/admin?q=kim&tab=users');
    });

    it('serves a checkout and a consultation page with a trailing slash too', async () => {
      expect((await get('/kr/checkout3/')).statusCode).toBe(200);
      expect((await get('/kr/checkout11/')).statusCode).toBe(200);
    });

    it('leaves the API, files and feeds alone', async () => {
      expect((await get('/robots.txt')).statusCode).toBe(200);
      expect((await get('/favicon.svg')).statusCode).toBe(200);
      expect((await get('/api/nope')).statusCode).toBe(404);
    });
  });

  describe("the build's files (decision 0035)", () => {
    const builtAsset = fs.readdirSync('build/client/assets').find((name) => name.endsWith('.js') && fs.existsSync(`build/client/assets/${name}.br`))!;
    const picture = fs.readdirSync('build/client/artwork').find((name) => name.endsWith('.avif'))!;

    it('serves each folder by one route, not a route per file', () => {
      const urls = new Set(server().app.routeTable.map((route) => route.url));
      expect([...urls].filter((url) => url.startsWith('/assets/'))).toEqual(['/assets/*']);
      expect([...urls].filter((url) => url.startsWith('/artwork/'))).toEqual(['/artwork/*']);
      expect(urls.has('/favicon.svg')).toBe(true);
    });

    it('sends a script compressed ahead of time, kept for good, and a picture kept for a day', async () => {
      const script = await get(`/assets/${builtAsset}`, { 'accept-encoding': 'br, gzip' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-encoding']).toBe('br');
      expect(script.headers['content-type']).toContain('javascript');
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(script.headers.etag).toBeTruthy();
      expect(script.rawPayload.equals(fs.readFileSync(`build/client/assets/${builtAsset}.br`))).toBe(true);
      const head = await server().app.inject({ method: 'HEAD', url: `/assets/${builtAsset}` });
      expect(head.statusCode).toBe(200);
      const image = await get(`/artwork/${picture}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/avif');
      expect(image.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('answers a file that is not there with a 404, and nothing outside the folder', async () => {
      for (const url of ['/assets/missing-0000.js', '/artwork/missing.webp', '/assets/.hidden']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers.location, url).toBeUndefined();
      }
      for (const url of ['/assets/../server/index.js', '/assets/%2e%2e/%2e%2e/package.json', '/artwork/..%2f..%2fserver%2findex.js']) {
        const response = await get(url);
        expect(response.statusCode, url).toBeGreaterThanOrEqual(300);
        expect(response.body, url).not.toContain('createRequestHandler');
        expect(response.body, url).not.toContain('"dependencies"');
      }
    });
  });

  describe('rendering', () => {
    it('renders the Korean store in Korean with SEO tags and a nonce CSP', async () => {
      const response = await get('/kr');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const html = response.body;
      expect(html).toContain('<html lang="ko"');
      expect(html).toMatch(/<title>[^<]*스튜디오 루미|<title>[^<]*Studio Lumi/);
      // The page's origin is the request's Host (inject sends `localhost`), or PUBLIC_URL when set.
      expect(html).toContain('<link rel="canonical" href="http://localhost:3000/kr"');
      const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
      expect(alternates).toEqual([
        ['ko-KR', 'http://localhost:3000/kr'],
        ['en-US', 'http://localhost:3000/us'],
        ['en-AU', 'http://localhost:3000/au'],
        ['vi-VN', 'http://localhost:3000/vn'],
        ['zh-CN', 'http://localhost:3000/cn'],
        ['en-MY', 'http://localhost:3000/my'],
        ['x-default', 'http://localhost:3000/'],
      ]);
      expect(html).toContain('property="og:title"');
      expect(html).toContain('property="og:image"');
      const csp = String(response.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
      expect(html).toContain('₩30,000');
    });

    it.each([
      ['/us', 'en', '$21.90'],
      ['/au', 'en', 'A$32.70'],
      ['/vn', 'vi', '540.000'],
      ['/cn', 'zh', '¥153.00'],
      ['/my', 'en', 'RM'],
    ])('%s is in %s with prices like %s', async (url, lang, price) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<html lang="${lang}"`);
      expect(response.body).toContain(price);
    });

    it('shows quote-only services with the quote text', async () => {
      expect((await get('/us')).body).toContain('Quote after consultation');
      expect((await get('/kr')).body).toContain('견적 후 결정');
    });

    it('honours the language cookie, and ?lang= sets it', async () => {
      expect((await get('/kr', { cookie: 'lang=en' })).body).toContain('<html lang="en"');
      const response = await get('/kr/terms?lang=ja&x=1');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/kr/terms?x=1');
      expect(String(response.headers['set-cookie'])).toContain('lang=ja');
    });

    it('answers 404 with the not-found page for an unknown page under a valid prefix', async () => {
      const response = await get('/kr/no-such-page');
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('404 페이지를 찾을 수 없습니다');
      expect(response.body).toContain('name="robots" content="noindex"');
    });

    it('has a detail page for every template and a 404 for the rest', async () => {
      for (const id of [1, 2, 14, 27]) expect((await get(`/us/template/${id}`)).statusCode).toBe(200);
      for (const id of ['0', '28', 'abc', '1.5']) {
        const response = await get(`/us/template/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.body).toContain('Template Not Found');
      }
    });

    it('renders the terms with the binding refund policy in every language', async () => {
      const ko = await get('/kr/terms');
      expect(ko.statusCode).toBe(200);
      expect(ko.body).toContain('50%');
      for (const lang of ['en', 'ja', 'vi', 'zh']) {
        const response = await get('/kr/terms', { cookie: `lang=${lang}` });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(`<html lang="${lang}"`);
      }
    });
  });

  describe('feeds', () => {
    it('lists every public page of every store in the sitemap with alternates', async () => {
      const response = await get('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/xml');
      const urls = response.body.match(/<url>/g) ?? [];
      expect(urls).toHaveLength(6 * 30);
      expect(response.body).toContain('<loc>http://localhost:3000/kr/template/27</loc>');
      expect(response.body.match(/hreflang="x-default"/g)).toHaveLength(180);
    });

    it('points robots at the sitemap and keeps private pages out', async () => {
      const response = await get('/robots.txt');
      expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      expect(response.body).toContain('Disallow: /api/');
      expect(response.body).toContain('Disallow: /kr/profile');
    });
  });
});

describe('behind a CDN', () => {
  const server = useTestServer('pglite', { TRUST_CDN_COUNTRY_HEADER: 'CF-IPCountry' });

  it.each([['JP', '/kr'], ['AU', '/au'], ['DE', '/us'], ['XX', '/kr']])('country %s goes to %s', async (iso, location) => {
    const response = await server().app.inject({ method: 'GET', url: '/', headers: { 'cf-ipcountry': iso, 'accept-language': 'ko' } });
    expect(response.headers.location).toBe(location);
  });
});

describe('promises the store can keep (D19, D20)', () => {
  const server = useTestServer('pglite');
  const get = (url: string, headers: Record<string, string> = {}) => server().app.inject({ method: 'GET', url, headers });

  it('names Korea time for business hours, in every language', async () => {
    for (const lang of ['ko', 'en', 'ja', 'vi', 'zh']) {
      const body = (await get('/kr/terms', { cookie: `lang=${lang}` })).body;
      expect(body, lang).toContain('KST');
      expect(body, lang).not.toContain('EST');
    }
    expect((await get('/us')).body).toContain('Mon–Fri 9AM–6PM KST');
  });

  it('promises templates in 1-5 days, not 48 hours', async () => {
    const body = (await get('/us/template/1')).body;
    expect(body).toContain('Delivery in 1–5 days');
    expect(body).not.toMatch(/48 hours/);
  });
});
