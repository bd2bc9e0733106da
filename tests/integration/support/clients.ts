/** HTTP helpers shared by the account tests. */
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from '../harness.ts';

let ip = 0;
/** A fresh client address per call, so only the rate-limit tests meet the limits. */
const nextIp = () => `10.${Math.floor(++ip / 250) % 250}.${ip % 250}.1`;

export function client(server: () => TestServer) {
  return {
    async call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) {
      return server().app.inject({
        method,
        url,
        remoteAddress,
        headers: { 'accept-language': 'ko', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    },
  };
}

export const sessionCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  return cookie ? `sid=${cookie.value}` : '';
};

let serial = 0;
export const newAccount = (overrides: Record<string, unknown> = {}) => {
  serial++;
  return { email: `minsu${serial}.${Date.now()}@example.com`, username: `minsu${serial}${Date.now() % 100000}`, password: 'secret12', firstName: '민수', lastName: '김', phone: '010-1234-5678', ...overrides };
};

