/**
 * The address a per-client limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * network. One IPv6 customer line is a whole /64, so counting single addresses would let a client
 * rotate through billions of them past every per-IP limit (Fastify's rate-limit plugin counts /64s
 * too, so all limits agree).
 */
import { isIPv6 } from 'node:net';

export function clientAddress(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  // A trailing embedded IPv4 (a.b.c.d) takes two groups; only the first four groups matter here.
  const right = tail === undefined ? [] : groups(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const full = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
