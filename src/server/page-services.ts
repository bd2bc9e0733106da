/**
 * What page loaders may ask of the server, bound to the database of this process. Loaders reach
 * it through the request context (src/web/request-context.ts) after their role check, so signed-in
 * and staff pages render their data, or their 401/403, on the server.
 */
import type { Database } from './db/client.ts';
import { adminUserView } from './features/accounts/public-user.ts';
import { listUsers } from './features/accounts/users.service.ts';

export function createPageServices(db: Database) {
  return {
    accounts: {
      listUsers: async () => (await listUsers(db)).map(adminUserView),
    },
  };
}

export type PageServices = ReturnType<typeof createPageServices>;
