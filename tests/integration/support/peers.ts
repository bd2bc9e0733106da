/**
 * Real protocol peers on loopback for the tests: an SMTP server that keeps what it receives, and
 * an OpenID Connect provider. Nothing of our own code is replaced.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string | null; mimeType: string; content: Uint8Array }>;
}

export async function startSmtpServer(port = 0, onMail?: (mail: ReceivedMail) => void): Promise<{ url: string; inbox: ReceivedMail[]; next: () => Promise<ReceivedMail>; nextTo: (address: string) => Promise<ReceivedMail>; stop: () => Promise<void> }> {
  const inbox: ReceivedMail[] = [];
  const waiting: Array<{ accepts: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  /** The first waiting mail `accepts` takes, or a promise of the next one to arrive. */
  const take = (accepts: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> => {
    const index = inbox.findIndex(accepts);
    if (index !== -1) return Promise.resolve(inbox.splice(index, 1)[0]!);
    return new Promise((resolve) => waiting.push({ accepts, resolve }));
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          attachments: parsed.attachments.map((a) => ({ filename: a.filename, mimeType: a.mimeType, content: typeof a.content === 'string' ? Buffer.from(a.content) : new Uint8Array(a.content) })),
        };
        onMail?.(mail);
        const index = waiting.findIndex((w) => w.accepts(mail));
        if (index !== -1) waiting.splice(index, 1)[0]!.resolve(mail);
        else inbox.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    inbox,
    next: () => take(() => true),
    /** The next mail to this address; others stay in the inbox (staff notifications arrive too). */
    nextTo: (address: string) => take((mail) => mail.to.includes(address)),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function startOidcProvider(claims: Record<string, unknown>, port = 0): Promise<{ issuer: string; server: OAuth2Server; stop: () => Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  await server.start(port, '127.0.0.1');
  // It would call itself "localhost"; name it by the address it listens on, as the store is told.
  server.issuer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer: server.issuer.url, server, stop: () => server.stop() };
}

/**
 * Plays the browser through the store's Google redirect flow (our redirect, the provider's consent
 * redirect, our callback) and answers the callback, which carries the new session's cookie.
 */
export async function signInWithGoogle(api: { call: (method: 'GET', url: string, body?: undefined, headers?: Record<string, string>) => Promise<LightMyRequestResponse> }, country = 'kr') {
  const start = await api.call('GET', `/api/auth/google?country=${country}`);
  const flow = start.cookies.find((c) => c.name === 'oidc_flow')!;
  const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  return api.call('GET', `${back.pathname}${back.search}`, undefined, { cookie: `oidc_flow=${flow.value}` });
}
