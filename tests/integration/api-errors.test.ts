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
});
