/**
 * What the server knows about a page request before React Router renders it: who is signed in,
 * the store (country, language, currency, public origin), whether Google sign-in is configured,
 * and the services loaders may call. Fastify fills it in (src/server/app.ts); loaders read it.
 * Both sides import it as `#request-context`, which the build keeps external, so they share one
 * context token. The server types are imported as types only: no server code reaches a bundle.
 */
import { createContext } from 'react-router';
import type { PublicUser } from '../domain/user.ts';
import type { Store } from '../server/http/store.ts';
import type { PageServices } from '../server/page-services.ts';

export type { PageServices, Store };

export interface RequestInfo {
  user: PublicUser | null;
  store: Store;
  googleSignIn: boolean;
  services: PageServices;
}

/**
 * One token per process, even when the module is loaded twice (the test runner loads the server's
 * copy, Node loads the build's): the context is looked up by this object's identity.
 */
const KEY = Symbol.for('studio-lumi.request-info');
const registry = globalThis as typeof globalThis & { [KEY]?: ReturnType<typeof createContext<RequestInfo>> };
export const requestInfo = (registry[KEY] ??= createContext<RequestInfo>());
