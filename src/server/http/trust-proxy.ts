/**
 * Which forwarding proxies the server believes (TRUST_PROXY, D24), as the function Fastify asks
 * for every address of a request's chain whenever `request.ip` is read: the per-IP limits read it
 * on every order and payment call.
 *
 * Given a list, Fastify compiles it with @fastify/proxy-addr, which parses the address anew on
 * each question. Whether an address is one of the proxies never changes, so the answer is kept
 * (about a fiftieth of what an order allocated, issue 17). The memo is bounded: addresses a client
 * makes up in X-Forwarded-For cannot grow it past MEMO_LIMIT.
 */
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

const MEMO_LIMIT = 4096;

/** Believes the nearest `hops` proxies, whatever their addresses: X-Forwarded-For entries beyond them are the client's to invent. */
export const trustHops = (hops: number): TrustProxy => (_address, hop) => hop < hops;

/** Believes the proxies at these addresses and ranges (and the names loopback, linklocal, uniquelocal). */
export function trustAddresses(entries: readonly string[]): TrustProxy {
  const trusted = proxyAddr.compile([...entries]);
  const memo = new Map<string, boolean>();
  return (address, hop) => {
    let answer = memo.get(address);
    if (answer === undefined) {
      answer = trusted(address, hop);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(address, answer);
    }
    return answer;
  };
}

/** TRUST_PROXY as config.ts reads it: off, a number of hops, or a list. */
export function trustProxyOf(setting: number | readonly string[] | false): TrustProxy | false {
  if (setting === false) return false;
  return typeof setting === 'number' ? trustHops(setting) : trustAddresses(setting);
}
