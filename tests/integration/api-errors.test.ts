import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestServer } from './harness.ts';

describe.each(BACKENDS)('API edges on %s', (backend) => {
  const server = useTestServer(backend);

  it.each(['/api', '/api/nope', '/api/orders/123/whatever'])('unknown API path %s is a 404 JSON, not the HTML app', async (url) => {
    const response = await server().app.inject({ method: 'GET', url, headers: { 'accept-language': 'ko' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ success: false, status: 404, code: 'NOT_FOUND', message: '요청한 항목을 찾을 수 없습니다.' });
  });

  it('echoes a sane request id and makes one up otherwise', async () => {
    const given = await server().app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'req-12345678' } });
    expect(given.headers['x-request-id']).toBe('req-12345678');
    expect(given.json().requestId).toBe('req-12345678');
    const made = await server().app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': '<script>' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends the same security headers on an API answer, a page, a file and an answer refused before routing', async () => {
    const answers = await Promise.all([
      server().app.inject({ method: 'GET', url: '/api/payments/settings' }),
      server().app.inject({ method: 'GET', url: '/kr/terms' }),
      server().app.inject({ method: 'GET', url: '/favicon.svg' }),
      server().app.inject({ method: 'GET', url: '/api/payments/settings', headers: { host: 'bad host!' } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 400]);
    const security = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) =>
      /^(x-content-type-options|x-frame-options|referrer-policy|cross-origin-opener-policy|cross-origin-resource-policy|origin-agent-cluster|x-dns-prefetch-control|x-download-options|x-permitted-cross-domain-policies|x-xss-protection)$/.test(name)));
    const expected = {
      'cross-origin-opener-policy': 'same-origin', 'cross-origin-resource-policy': 'same-origin', 'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff', 'x-dns-prefetch-control': 'off', 'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN', 'x-permitted-cross-domain-policies': 'none', 'x-xss-protection': '0',
    };
    for (const answer of answers) expect(security(answer.headers)).toEqual(expected);
    // Over plain http (no https PUBLIC_URL) there is no HSTS, and nothing says what serves the store.
    for (const answer of answers) expect(answer.headers).not.toHaveProperty('strict-transport-security');
    for (const answer of answers) expect(answer.headers).not.toHaveProperty('x-powered-by');
  });
});
