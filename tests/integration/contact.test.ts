import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { contactSubmissions } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';

const valid = { name: '김민수', email: 'minsu@example.com', company: '루미상회', service: 'consultation', message: '배달앱 메뉴 사진을 문의드립니다.' };

describe.each(BACKENDS)('POST /api/contact on %s', (backend) => {
  const server = useTestServer(backend);

  // Each request from its own address, so the rate limit only shows where a test is about it.
  let client = 0;
  async function post(body: unknown, headers: Record<string, string> = {}) {
    return server().app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `198.51.100.${++client}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  it('stores a valid message and answers 201 in the request language', async () => {
    const response = await post(valid, { 'accept-language': 'ko', 'x-store-country': 'kr' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('문의해 주셔서 감사합니다! 영업일 기준 1일 이내에 답변드리겠습니다.');
    const [row] = await server().database.db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt)).limit(1);
    expect(row).toMatchObject({ ...valid, country: 'kr', language: 'ko' });
    expect(row?.id).toBe(body.id);
  });

  it('stores no company when it is left empty', async () => {
    const response = await post({ ...valid, company: '   ', email: 'no-company@example.com' });
    expect(response.statusCode).toBe(201);
    const [row] = await server().database.db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt)).limit(1);
    expect(row?.company).toBeNull();
    // Without the page's X-Store-Country the store is the one the request resolves to.
    expect(row?.country).toBe('us');
  });

  it('answers 400 with a localized message for every missing field', async () => {
    const response = await post({}, { 'accept-language': 'ko' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      status: 400,
      code: 'VALIDATION_FAILED',
      message: '표시된 항목을 확인해주세요.',
      fields: {
        name: '필수 입력 항목입니다.',
        email: '필수 입력 항목입니다.',
        service: '필수 입력 항목입니다.',
        message: '필수 입력 항목입니다.',
      },
    });
    expect(response.json().requestId).toBeTruthy();
  });

  it.each([
    ['en', 'Please enter a valid e-mail address.'],
    ['ja', '正しいメールアドレスを入力してください。'],
    ['vi', 'Vui lòng nhập địa chỉ email hợp lệ.'],
    ['zh', '请输入有效的电子邮箱地址。'],
  ])('explains a bad e-mail in %s', async (lang, message) => {
    const response = await post({ ...valid, email: 'minsu@' }, { 'accept-language': lang });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: message });
  });

  it('refuses an unknown service choice and an over-long message', async () => {
    const response = await post({ ...valid, service: 'gold', message: 'x'.repeat(5001) }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      service: 'Please choose one of the options.',
      message: 'Please use at most 5000 characters.',
    });
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', 400, 'INVALID_JSON'],
    ['a JSON array', '[1,2]', 'application/json', 400, 'INVALID_JSON'],
    ['JSON null', 'null', 'application/json', 400, 'INVALID_JSON'],
    ['a form body', 'name=x', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('answers %s with a 4xx, never a 500', async (_label, payload, type, status, code) => {
    const response = await server().app.inject({ method: 'POST', url: '/api/contact', remoteAddress: `192.0.2.${++client}`, headers: { 'content-type': type }, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, status, code });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await post({ ...valid, message: 'x'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits how many messages one address can send', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await server().app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: JSON.stringify({ ...valid, email: `flood${i}@example.com` }),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().message).toBe('Too many requests. Please wait a moment and try again.');
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
