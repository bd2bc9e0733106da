/** Per-client limits count an IPv6 client by its /64 network, an IPv4 one by its address. */
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/server/http/client-address.ts';

describe('clientAddress', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (ip, expected) => {
    expect(clientAddress(ip)).toBe(expected);
  });

  it('puts every address of one /64 under one key, and other /64s apart', () => {
    expect(clientAddress('2001:db8:1:2::1')).toBe(clientAddress('2001:db8:1:2:ffff::77'));
    expect(clientAddress('2001:db8:1:2::1')).not.toBe(clientAddress('2001:db8:1:3::1'));
  });
});
