/**
 * What the server knows about a page request before React Router renders it: who is signed in
 * and whether Google sign-in is configured. Fastify fills it in (src/server/app.ts); loaders
 * read it. Both sides import it as `#request-context`, which the build keeps external, so they
 * share one context token.
 */
import { createContext } from 'react-router';
import type { PublicUser } from '../domain/user.ts';

export interface RequestInfo {
  user: PublicUser | null;
  googleSignIn: boolean;
}

export const requestInfo = createContext<RequestInfo>({ user: null, googleSignIn: false });
