/**
 * What the server knows about a page request before React Router renders it: who is signed in,
 * the store (country, language, currency, public origin), whether Google sign-in is configured,
 * and each feature's loader helpers (features/<feature>/<feature>.loader.ts, bound to the database). Fastify fills it in (app.ts); the pages' loaders read it.
 * It lives with the server, which owns what it carries, so no server file imports from src/web.
 * Both sides import it as `#request-context` (package.json `imports`), which the page build keeps
 * external: the build's loaders and app.ts then share one module, one context token. It imports
 * react-router and types only, so it stays out of every bundle.
 */
import { createContext } from 'react-router';
import type { PublicUser } from '../domain/user.ts';
import type { AdminLoader } from './features/admin/admin.loader.ts';
import type { OrdersLoader } from './features/orders/orders.loader.ts';
import type { PaymentsLoader } from './features/payments/payments.loader.ts';
import type { TaxLoader } from './features/tax/tax.loader.ts';
import type { Store } from './http/store.ts';

export type { Store };

/** What page loaders may ask of the features, one helper per feature; called after their role check. */
export interface PageLoaders {
  admin: AdminLoader;
  orders: OrdersLoader;
  payments: PaymentsLoader;
  tax: TaxLoader;
}

export interface RequestInfo {
  user: PublicUser | null;
  /** The client's address as the rate limits count it (TRUST_PROXY decides which hop that is). */
  client: string;
  store: Store;
  googleSignIn: boolean;
  loaders: PageLoaders;
}

/**
 * One token per process, even when the module is loaded twice (the test runner loads the server's
 * copy, Node loads the build's): the context is looked up by this object's identity.
 */
const KEY = Symbol.for('studio-lumi.request-info');
const registry = globalThis as typeof globalThis & { [KEY]?: ReturnType<typeof createContext<RequestInfo>> };
export const requestInfo = (registry[KEY] ??= createContext<RequestInfo>());
