/** HTTP helpers shared by the account tests. */
import type { LightMyRequestResponse } from 'fastify';
import { usernameFromEmail } from '../../../src/domain/validation/account-fields.ts';
import type { TestServer } from '../harness.ts';

let ip = 0;
/** A fresh client address per call, so only the rate-limit tests meet the limits. */
const nextIp = () => `10.${Math.floor(++ip / 250) % 250}.${ip % 250}.1`;

export function client(server: () => TestServer) {
  return {
    async call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) {
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
/** A sign-up payload; the username is the e-mail's local part, as SPEC has the form send it. */
export const newAccount = (overrides: Record<string, unknown> = {}) => {
  serial++;
  const email = typeof overrides.email === 'string' ? overrides.email : `minsu${serial}.${Date.now()}@example.com`;
  return { email, username: usernameFromEmail(email), password: 'secret12', firstName: '민수', lastName: '김', phone: '010-1234-5678', ...overrides };
};

