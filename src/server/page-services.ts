/**
 * What page loaders may ask of the server, bound to the database of this process. Loaders reach
 * it through the request context (src/web/request-context.ts) after their role check, so signed-in
 * and staff pages render their data, or their 401/403, on the server.
 */
import type { Language } from '../domain/countries.ts';
import { DomainError } from '../domain/errors.ts';
import type { Database } from './db/client.ts';
import { messageOf } from './http/errors.ts';
import { z } from 'zod';
import type { BriefStatus } from '../domain/statuses.ts';
import { adminOrdersQuerySchema, adminUsersQuerySchema } from '../domain/validation/admin.ts';
import { listContacts } from './features/admin/admin-contacts.service.ts';
import { getOrder, listBriefs, listOrders } from './features/admin/admin-orders.service.ts';
import { overview } from './features/admin/admin-overview.service.ts';
import { searchUsers } from './features/admin/admin-users.service.ts';
import { briefsOfOrders } from './features/briefs/brief-queries.ts';
import { adminUserView } from './features/accounts/public-user.ts';
import { listUsers } from './features/accounts/users.service.ts';
import { customerOrderView } from './features/orders/order-view.ts';
import type { OrderLinks } from './features/orders/order-links.ts';
import { linkedOrderOf, orderOrNull } from './features/orders/order-access.ts';
import { listOwnOrders, withOrderDetails } from './features/orders/orders.service.ts';
import type { PaymentsService } from './features/payments/payments.service.ts';

export interface SystemFacts {
  storage: 'local' | 's3';
  mail: 'smtp' | 'outbox';
  version: string;
}

export function createPageServices(db: Database, payments: PaymentsService, links: OrderLinks, system: SystemFacts) {
  return {
    /** The staff area's data; the loaders call these only after requireUserWithRole. */
    admin: {
      overview: () => overview(db),
      orders: (query: unknown) => listOrders(db, adminOrdersQuerySchema.safeParse(query).data ?? adminOrdersQuerySchema.parse({})),
      order: async (id: string) => (z.uuid().safeParse(id).success ? getOrder(db, id).catch((error: unknown) => (error instanceof DomainError ? null : Promise.reject(error))) : null),
      briefs: (query: { status?: BriefStatus | undefined; page: number }) => listBriefs(db, { ...query, pageSize: 20 }),
      // A query that does not parse (e.g. a search too long) shows the unfiltered first page.
      users: (query: unknown) => searchUsers(db, adminUsersQuerySchema.safeParse(query).data ?? adminUsersQuerySchema.parse({ pageSize: 20 })),
      contacts: (query: { handled?: 'true' | 'false' | undefined; page: number }) => listContacts(db, { ...query, pageSize: 20 }),
      settings: async () => {
        const client = payments.settings();
        return { provider: client.provider, test: client.test, reachable: await payments.provider.reachable(), ...system };
      },
    },
    accounts: {
      listUsers: async () => (await listUsers(db)).map(adminUserView),
    },
    orders: {
      /** The signed-in user's orders, newest first, as My Page shows them. */
      listForUser: async (userId: string) => (await listOwnOrders(db, { kind: 'user', userId })).map((details) => customerOrderView(details)),
      /** An order through its private link (D22); null when the key is not the order's. */
      byLink: async (orderNumber: string, key: string) => {
        const accessor = { user: null, guestId: null, linkedOrderNumber: linkedOrderOf(links, orderNumber, key) };
        const order = await orderOrNull(db, accessor, orderNumber, 'view');
        return order ? customerOrderView((await withOrderDetails(db, [order]))[0]!, new URLSearchParams({ order: orderNumber, key }).toString()) : null;
      },
    },
    payments: {
      settings: () => payments.settings(),
      /**
       * The success page confirms on the server, so it renders the outcome instead of a spinner;
       * a refusal comes back as SPEC's code and the customer's sentence for the fail page.
       */
      confirm: async (input: { orderId: string; paymentKey: string; amount: number }, lang: Language) => {
        try {
          const order = await payments.confirm(input);
          // A refreshed success page opens the brief again only while it is still to be written.
          const briefDue = !(await briefsOfOrders(db, [order.id])).has(order.id);
          return { ok: true as const, order: { orderId: order.orderNumber, orderName: order.orderName, amount: order.amountMinor, currency: order.currency, country: order.country, paidAt: order.paidAt, receiptUrl: order.receiptUrl, isGuestOrder: order.isGuestOrder, briefDue } };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return { ok: false as const, code: error.code === 'NOT_FOUND' ? 'PAYMENT_FAILED' : error.code, message: messageOf(error, lang) };
        }
      },
    },
  };
}

export type PageServices = ReturnType<typeof createPageServices>;
