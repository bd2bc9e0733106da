/** Country detection from a GeoLite2-style database (D12), with the real reader on a real file. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { openGeoLookup, type IsoCountryLookup } from '../../src/server/routing/country-detection.ts';
import { writeCountryMmdb } from './support/mmdb.ts';

describe('GeoIP country detection', () => {
  let file: string;
  let lookup: IsoCountryLookup;
  beforeAll(async () => {
    file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'geoip-')), 'country.mmdb');
    await fs.writeFile(file, writeCountryMmdb([
      { cidr: '203.0.113.0/24', iso: 'JP' },
      { cidr: '198.51.100.0/24', iso: 'AU' },
      { cidr: '192.0.2.0/25', iso: 'DE' },
      { cidr: '100.64.0.0/10', iso: 'VN' },
    ]));
    lookup = await openGeoLookup(file);
  });
  afterAll(async () => fs.rm(path.dirname(file), { recursive: true, force: true }));

  it('reads the country of an address', () => {
    expect(lookup('203.0.113.77')).toBe('JP');
    expect(lookup('198.51.100.1')).toBe('AU');
    expect(lookup('192.0.2.5')).toBe('DE');
    expect(lookup('100.100.1.1')).toBe('VN');
  });

  it('says nothing for unknown or malformed addresses', () => {
    expect(lookup('192.0.2.200')).toBeNull();
    expect(lookup('8.8.8.8')).toBeNull();
    expect(lookup('not-an-ip')).toBeNull();
  });

  describe('in the redirect from /', () => {
    let database: DatabaseHandle;
    let app: Awaited<ReturnType<typeof createApp>>;
    beforeAll(async () => {
      database = await openDatabase({ pgliteDir: 'memory://' });
      app = await createApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db: database.db, geoLookup: lookup, cookieSecret: 'geo-test-secret-0123456789abcdef01' });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });
    const visit = (ip: string) => app.inject({ method: 'GET', url: '/templateshop', remoteAddress: ip, headers: { 'accept-language': 'ko-KR' } });

    it.each([['203.0.113.9', '/kr/templateshop'], ['198.51.100.9', '/au/templateshop'], ['192.0.2.9', '/us/templateshop'], ['100.64.0.1', '/vn/templateshop']])(
      'sends %s to %s, ahead of Accept-Language',
      async (ip, location) => expect((await visit(ip)).headers.location).toBe(location),
    );

    it('falls back to Accept-Language for an address it does not know', async () => {
      expect((await visit('8.8.4.4')).headers.location).toBe('/kr/templateshop');
    });
  });
});
