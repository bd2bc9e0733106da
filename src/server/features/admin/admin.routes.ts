/**
 * The staff API (SPEC section 7, D3, D5): every route starts with the admin role check, so an
 * anonymous caller gets 401 and a customer 403 before anything is read. `{id}` is the order's
 * `id` from GET /api/orders (not its public number).
 */
import type { FastifyInstance } from 'fastify';
import {
  adminBriefsQuerySchema, adminContactsQuerySchema, adminOrdersQuerySchema, adminUsersQuerySchema, briefStatusSchema, contactHandledSchema, orderCommentsSchema, orderStatusSchema, staffCancelSchema,
} from '../../../domain/validation/admin.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { idParam, parseBody, parseQuery } from '../../http/validate.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import { cancelByStaff } from '../orders/cancel.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { listContacts, markContact } from './admin-contacts.service.ts';
import { changeOrderStatus, getOrder, listBriefs, listOrders, setBriefStatus, setOrderComments } from './admin-orders.service.ts';
import { overview } from './admin-overview.service.ts';
import { searchUsers } from './admin-users.service.ts';

export function registerAdminRoutes(app: FastifyInstance, deps: { db: Database; auth: Auth; mailWorker: MailWorker; payments: PaymentsService }): void {
  const { db, auth, mailWorker, payments } = deps;
  const staff = (request: Parameters<Auth['requireUserWithRole']>[0]) => auth.requireUserWithRole(request, 'admin');

  app.get('/api/orders', async (request) => {
    await staff(request);
    return { success: true, ...(await listOrders(db, parseQuery(adminOrdersQuerySchema, request.query))) };
  });

  app.get('/api/admin/orders/:id', async (request) => {
    await staff(request);
    return { success: true, ...(await getOrder(db, idParam(request.params))) };
  });

  app.patch('/api/orders/:id/status', async (request) => {
    const actor = await staff(request);
    const id = idParam(request.params);
    const { status, note } = parseBody(orderStatusSchema, request.body);
    const change = await changeOrderStatus(db, actor.id, id, status, note);
    if (change.changed) {
      mailWorker.nudge();
      request.log.info({ orderId: id, from: change.from, to: change.to, actor: actor.id }, 'order status changed');
    }
    return { success: true, id, status: change.to, previous: change.from, changed: change.changed };
  });

  app.patch('/api/orders/:id/comments', async (request) => {
    await staff(request);
    const id = idParam(request.params);
    const { comments } = parseBody(orderCommentsSchema, request.body);
    await setOrderComments(db, id, comments);
    mailWorker.nudge();
    return { success: true, id, comments: comments?.trim() || null };
  });

  // Cancel with the refund the policy allows, or less (D21), through the payment provider.
  app.post('/api/admin/orders/:id/cancel', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const actor = await staff(request);
    const id = idParam(request.params);
    const input = parseBody(staffCancelSchema, request.body);
    const outcome = await cancelByStaff(db, payments.providerOf, actor.id, id, { refundMinor: input.refundAmount, reason: input.reason });
    mailWorker.nudge();
    request.log.info({ orderId: id, refund: input.refundAmount, actor: actor.id, outcome }, 'order cancelled by staff');
    return { success: true, id, status: 'cancelled', refunded: outcome === 'refunded' ? input.refundAmount : 0 };
  });

  app.get('/api/admin/briefs', async (request) => {
    await staff(request);
    return { success: true, ...(await listBriefs(db, parseQuery(adminBriefsQuerySchema, request.query))) };
  });

  app.patch('/api/project-briefs/:id/status', async (request) => {
    await staff(request);
    const id = idParam(request.params);
    const { status } = parseBody(briefStatusSchema, request.body);
    const brief = await setBriefStatus(db, id, status);
    return { success: true, id: brief.id, status: brief.status };
  });

  app.get('/api/admin/users', async (request) => {
    await staff(request);
    return { success: true, ...(await searchUsers(db, parseQuery(adminUsersQuerySchema, request.query))) };
  });

  app.get('/api/admin/overview', async (request) => {
    await staff(request);
    return { success: true, ...(await overview(db)) };
  });

  app.get('/api/admin/contacts', async (request) => {
    await staff(request);
    return { success: true, ...(await listContacts(db, parseQuery(adminContactsQuerySchema, request.query))) };
  });

  app.patch('/api/admin/contacts/:id', async (request) => {
    const actor = await staff(request);
    const id = idParam(request.params);
    const { handled } = parseBody(contactHandledSchema, request.body);
    await markContact(db, actor.id, id, handled);
    return { success: true, id, handled };
  });
}
