/**
 * Role checks at the top of page loaders (as Epic Stack's requireUserWithRole): a signed-out
 * visitor gets a 401 and a customer on a staff page a 403, rendered by the page's error boundary
 * on the server, with that status. The API enforces the same roles (src/server/http/auth.ts).
 */
import { data, type RouterContextProvider } from 'react-router';
import { requestInfo } from '#request-context';
import type { PublicUser, Role } from '../domain/user.ts';

export function requireUser(context: Readonly<RouterContextProvider>): PublicUser {
  const { user } = context.get(requestInfo);
  if (!user) throw data({ code: 'UNAUTHENTICATED' }, { status: 401 });
  return user;
}

export function requireUserWithRole(context: Readonly<RouterContextProvider>, role: Role): PublicUser {
  const user = requireUser(context);
  if (user.role !== role) throw data({ code: 'FORBIDDEN' }, { status: 403 });
  return user;
}

/** The features' loader helpers (src/server/request-context.ts), for a loader past its role check. */
export function loaders(context: Readonly<RouterContextProvider>) {
  return context.get(requestInfo).loaders;
}
