/**
 * Each store's tax as data (issue 34): the public rule per store, price labels that tell the
 * truth on the pages, and staff's settings with their history, checked by the issuers' rules.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestServer } from './harness.ts';
import { staffApi } from './support/staff.ts';

describe.each(BACKENDS)('tax rules on %s', (backend) => {
  const server = useTestServer(backend);
  const staff = staffApi(server);

  const storeTax = async (country: string, lang: string) => (await staff.call('GET', '/api/tax', undefined, { 'x-store-country': country, 'accept-language': lang })).json();

  it('gives each store its rule: VAT in Korea and GST in Australia included in the price, nothing where the seller is not registered', async () => {
    expect(await storeTax('kr', 'ko')).toMatchObject({
      success: true, country: 'kr',
      tax: { registered: true, kind: 'vat', rateBasisPoints: 1000, included: true, name: '부가세', label: '부가세 포함', registrations: [{ kind: 'kr_business', label: '사업자등록번호', value: '214-88-12345' }, { kind: 'kr_mail_order', label: '통신판매업 신고번호' }] },
    });
    expect(await storeTax('au', 'en')).toMatchObject({ tax: { registered: true, kind: 'gst', name: 'GST', label: 'GST included', registrations: [{ kind: 'abn', value: '51 824 753 556' }] } });
    expect(await storeTax('au', 'ja')).toMatchObject({ tax: { label: 'GST込み' } });
    for (const country of ['us', 'vn', 'cn', 'my']) expect((await storeTax(country, 'en')).tax, country).toMatchObject({ registered: false, label: null, registrations: [] });
  });

  it('labels prices by the store\'s rule on its pages: 부가세 포함 in /kr, GST included in /au, no word of tax in /us', async () => {
    const page = async (path: string, lang: string) => (await server().app.inject({ method: 'GET', url: path, headers: { cookie: `lang=${lang}` } })).body;
    // Drawn under each package's price (the root data carries the words too: the tags are what count).
    const kr = await page('/kr', 'ko');
    expect(kr.match(/>부가세 포함<\/p>/g)?.length).toBe(3);
    const au = await page('/au', 'en');
    expect(au.match(/>GST included<\/p>/g)?.length).toBe(3);
    expect(au).not.toContain('VAT included');
    const us = await page('/us', 'en');
    expect(us).not.toMatch(/VAT included|GST included|tax included/i);
    expect(await page('/us/templateshop', 'en')).not.toMatch(/VAT included|GST included/);
    const terms = await page('/au/terms', 'en');
    expect(terms).toContain('All prices shown include GST.');
    expect(await page('/us/terms', 'en')).not.toContain('All prices shown include');
  });

  it('lets staff register a store, keeps every version with who saved it, and the store\'s prices say so at once', async () => {
    const { cookie, account } = await staff.admin();
    const saved = await staff.call('PUT', '/api/admin/tax/my', { registered: true, kind: 'sst', rateBasisPoints: 600, included: true, registrations: [{ kind: 'sst', value: 'W10-1808-31000123' }] }, { cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storeTax('my', 'en')).toMatchObject({ tax: { registered: true, label: 'SST included', rateBasisPoints: 600 } });
    expect(await server().app.inject({ method: 'GET', url: '/my', headers: { cookie: 'lang=en' } }).then((r) => r.body)).toContain('>SST included</p>');
    const settings = (await staff.call('GET', '/api/admin/tax', undefined, { cookie })).json();
    const my = settings.stores.find((s: { country: string }) => s.country === 'my');
    expect(my.rule).toMatchObject({ registered: true, kind: 'sst' });
    expect(my.history).toHaveLength(1);
    expect(my.history[0]).toMatchObject({ by: account.email, rateBasisPoints: 600 });
    expect(settings.stores.find((s: { country: string }) => s.country === 'kr')).toMatchObject({ rule: { kind: 'vat' }, history: [] });
  });

  it('refuses an ABN or a business number whose check digit is wrong, and a registered store without it, storing nothing', async () => {
    const { cookie } = await staff.admin();
    const before = (await staff.call('GET', '/api/admin/tax', undefined, { cookie })).json();
    const wrongAbn = await staff.call('PUT', '/api/admin/tax/au', { registered: true, kind: 'gst', rateBasisPoints: 1000, included: true, registrations: [{ kind: 'abn', value: '51 824 753 557' }] }, { cookie });
    expect(wrongAbn.statusCode).toBe(400);
    expect(Object.keys(wrongAbn.json().fields)).toEqual(['registrations.0.value']);
    expect(wrongAbn.json().fields['registrations.0.value']).toMatch(/check digit/);
    const wrongKr = await staff.call('PUT', '/api/admin/tax/kr', { registered: true, kind: 'vat', rateBasisPoints: 1000, included: true, registrations: [{ kind: 'kr_business', value: '214-88-12346' }] }, { cookie });
    expect(Object.keys(wrongKr.json().fields)).toEqual(['registrations.0.value']);
    const without = await staff.call('PUT', '/api/admin/tax/au', { registered: true, kind: 'gst', rateBasisPoints: 1000, included: true, registrations: [] }, { cookie });
    expect(without.statusCode).toBe(400);
    expect(Object.keys(without.json().fields)).toEqual(['registrations']);
    const tooHigh = await staff.call('PUT', '/api/admin/tax/us', { registered: true, kind: 'sales_tax', rateBasisPoints: 3001, included: true, registrations: [] }, { cookie });
    expect(Object.keys(tooHigh.json().fields)).toEqual(['rateBasisPoints']);
    expect((await staff.call('PUT', '/api/admin/tax/xx', { registered: false, kind: 'vat', rateBasisPoints: 0, included: true, registrations: [] }, { cookie })).statusCode).toBe(404);
    expect((await staff.call('GET', '/api/admin/tax', undefined, { cookie })).json()).toEqual(before);
  });

  it('keeps the settings to staff: 401 without a session, 403 for a customer, before the body is read', async () => {
    const { cookie } = await staff.customer();
    expect((await staff.call('GET', '/api/admin/tax', undefined, {})).statusCode).toBe(401);
    expect((await staff.call('GET', '/api/admin/tax', undefined, { cookie })).statusCode).toBe(403);
    expect((await staff.call('PUT', '/api/admin/tax/kr', { nonsense: true }, { cookie })).statusCode).toBe(403);
  });
});
