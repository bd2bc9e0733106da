import proxyAddr from '@fastify/proxy-addr';
import { describe, expect, it } from 'vitest';
import { trustAddresses, trustHops, trustProxyOf } from '../../src/server/http/trust-proxy.ts';

const ADDRESSES = [
  '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '10.0.0.7', '10.1.0.7', '192.168.1.20', '203.0.113.9',
  '2001:db8::1', 'fe80::1', 'fc00::5', 'not-an-address', '',
];

describe('the proxies the server believes (TRUST_PROXY)', () => {
  it.each([[['loopback']], [['10.0.0.0/16', '203.0.113.9']], [['loopback', 'linklocal', 'uniquelocal']], [['::ffff:10.0.0.7']]])(
    'answers as @fastify/proxy-addr does for %j, asked once or many times',
    (entries) => {
      const ours = trustAddresses(entries);
      const theirs = proxyAddr.compile([...entries]);
      for (let round = 0; round < 3; round++) {
        for (const [hop, address] of ADDRESSES.entries()) expect(ours(address, hop), `${address} (round ${round})`).toBe(theirs(address, hop));
      }
    },
  );

  it('still answers rightly after more made-up addresses than it remembers', () => {
    const trust = trustAddresses(['loopback']);
    for (let i = 0; i < 10_000; i++) expect(trust(`198.18.${(i >> 8) & 255}.${i & 255}`, 1)).toBe(false);
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
  });

  it('believes a number of hops whatever the addresses, and nothing when off', () => {
    const two = trustHops(2);
    expect([two('203.0.113.9', 0), two('203.0.113.9', 1), two('127.0.0.1', 2)]).toEqual([true, true, false]);
    expect(trustProxyOf(false)).toBe(false);
    expect((trustProxyOf(1) as (a: string, h: number) => boolean)('x', 0)).toBe(true);
  });
});
