/**
 * What page loaders may ask of the server, bound to the database of this process. Loaders reach
 * it through the request context (src/server/request-context.ts) after their role check, so signed-in
 * and staff pages render their data, or their 401/403, on the server.
 */
import { COUNTRY_CODES, type CountryCode, type Language } from '../domain/countries.ts';
import { DomainError } from '../domain/errors.ts';
import type { Database } from './db/client.ts';
import { messageOf } from './http/errors.ts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { draftWindowOf } from '../domain/orders.ts';
import { orderLines } from './db/schema.ts';
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
import type { ConfirmInput } from './features/payments/confirm.service.ts';

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
      /** Each store's payment choices with the state of the provider behind each (never a key). */
      settings: async () => {
        const providers = await payments.statuses();
        const stores = COUNTRY_CODES.map((country) => ({
          country,
          choices: payments.registry.choicesFor(country).map(({ choice, provider }) => ({ choice, ...providers.find((p) => p.name === provider.name)! })),
        }));
        return { stores, ...system };
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
      settings: (country: CountryCode) => payments.settings(country),
      /**
       * The success page confirms on the server, so it renders the outcome instead of a spinner;
       * a refusal comes back as SPEC's code and the customer's sentence for the fail page.
       */
      confirm: async (input: ConfirmInput, lang: Language) => {
        try {
          const outcome = await payments.confirm(input);
          const { order } = outcome;
          const [lines, briefs] = await Promise.all([
            db.select({ kind: orderLines.kind, ref: orderLines.ref, name: orderLines.name, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position),
            briefsOfOrders(db, [order.id]),
          ]);
          // A refreshed success page offers the brief only while it is still to be written.
          const briefDue = outcome.kind === 'paid' && !briefs.has(order.id);
          return {
            ok: true as const,
            processing: outcome.kind === 'processing',
            order: {
              orderId: order.orderNumber, orderName: order.orderName, amount: order.amountMinor, currency: order.currency, country: order.country, paidAt: order.paidAt,
              receiptUrl: order.receiptUrl, isGuestOrder: order.isGuestOrder, customerEmail: order.customerEmail, paymentMethod: order.paymentMethod, paymentProvider: order.paymentProvider,
              lines: lines.map(({ name, quantity }) => ({ name, quantity })),
              draftWindow: order.orderType === 'consultation' ? null : draftWindowOf(lines),
              briefDue,
            },
          };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return { ok: false as const, code: error.code === 'NOT_FOUND' ? 'PAYMENT_FAILED' : error.code, message: messageOf(error, lang) };
        }
      },
    },
  };
}

export type PageServices = ReturnType<typeof createPageServices>;
