/**
 * Google sign-in over OpenID Connect with openid-client: discovery, PKCE, state and nonce, the
 * three kept in a short-lived signed cookie between the redirect and the callback. The issuer
 * is Google unless OIDC_ISSUER names another (tests run a provider on loopback).
 */
import type { Configuration } from 'openid-client';

/** openid-client is loaded on the first Google sign-in, not at start (issue 17). */
let oidcModule: Promise<typeof import('openid-client')> | undefined;
const loadOidc = () => (oidcModule ??= import('openid-client'));

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const OIDC_COOKIE = 'oidc_flow';
export const OIDC_COOKIE_SECONDS = 10 * 60;

interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

interface FlowState {
  verifier: string;
  state: string;
  nonce: string;
  /** Store to return to afterwards. */
  country: string;
  /** Page to return to afterwards, a path inside that store (e.g. /kr/profile). */
  returnTo?: string | undefined;
}

/**
 * Where to send the visitor back: a path inside their store, nothing else (no other host, no
 * protocol-relative `//`), so the sign-in cannot be turned into an open redirect.
 */
export function safeReturnPath(value: unknown, country: string): string {
  const home = `/${country}`;
  if (typeof value !== 'string' || value.length > 200) return home;
  return value === home || (value.startsWith(`${home}/`) && /^[A-Za-z0-9/_-]+$/.test(value) && !value.includes('//')) ? value : home;
}

export interface VerifiedIdentity {
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export class OidcClient {
  private configuration: Promise<Configuration> | undefined;
  private readonly options: OidcOptions;

  constructor(options: OidcOptions) {
    this.options = options;
  }

  /** Discovery happens on first use and is retried after a failure. */
  private config(): Promise<Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.options.issuer);
      this.configuration = loadOidc().then((oidc) => oidc.discovery(issuer, this.options.clientId, this.options.clientSecret, undefined, {
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      }));
      this.configuration.catch(() => {
        this.configuration = undefined;
      });
    }
    return this.configuration;
  }

  async start(redirectUri: string, country: string, returnTo: string): Promise<{ url: string; flow: FlowState }> {
    const [oidc, config] = await Promise.all([loadOidc(), this.config()]);
    const flow: FlowState = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce(), country, returnTo };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
      prompt: 'select_account',
    });
    return { url: url.href, flow };
  }

  /** Exchanges the code and returns the verified identity; throws when anything does not check out. */
  async finish(callbackUrl: URL, flow: FlowState): Promise<VerifiedIdentity> {
    const [oidc, config] = await Promise.all([loadOidc(), this.config()]);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub || typeof claims.email !== 'string' || claims.email_verified !== true) {
      throw new Error('the provider did not give a verified e-mail address');
    }
    return {
      subject: claims.sub,
      email: claims.email,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
      lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
    };
  }
}

export function encodeFlow(flow: FlowState): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

export function decodeFlow(value: string): FlowState | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString()) as Partial<FlowState>;
    if (typeof parsed.verifier === 'string' && typeof parsed.state === 'string' && typeof parsed.nonce === 'string' && typeof parsed.country === 'string') {
      return { ...(parsed as FlowState), returnTo: safeReturnPath(parsed.returnTo, parsed.country) };
    }
  } catch {
    // fall through
  }
  return null;
}
