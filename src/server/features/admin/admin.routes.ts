/**
 * The staff API (SPEC section 7, D3, D5): every route starts with the admin role check, so an
 * anonymous caller gets 401 and a customer 403 before anything is read. `{id}` is the order's
 * `id` from GET /api/orders (not its public number).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/admin.ts';
import { setBriefStatus as setBriefStatusContract } from '../../../domain/contract/briefs.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { staffActor } from '../../http/audit-actor.ts';
import { recordAudit } from '../../audit/audit.ts';
import { listAudit } from '../../audit/audit-queries.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import { cancelByStaff } from '../orders/cancel.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { listContacts, markContact } from './admin-contacts.service.ts';
import { changeOrderStatus, getOrder, listBriefs, listOrders, setBriefStatus, setOrderComments } from './admin-orders.service.ts';
import { overview } from './admin-overview.service.ts';
import { listPapers, papersCsv } from './admin-papers.service.ts';
import * as papersContract from '../../../domain/contract/papers.ts';
import { recordTaxInvoice, taxInvoiceQueue, taxInvoiceViewOf } from '../papers/korean-evidence.service.ts';
import { searchUsers } from './admin-users.service.ts';
import { resetSecondFactorOf, setUserRole } from '../accounts/staff-accounts.service.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';

export function registerAdminRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; mailWorker: MailWorker; payments: PaymentsService }): void {
  const { db, auth, mailWorker, payments } = deps;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const staff = (request: FastifyRequest) => auth.requireUserWithRole(request, 'admin');
  // Who acts, for the audit trail that each change records with its effect.
  const acting = async (request: FastifyRequest) => staffActor(request, await auth.requireStaff(request));
  // The role is checked before the request is read: 401 and 403 come before any 400 (D5).
  const preValidation = async (request: FastifyRequest) => { await staff(request); };

  app.get('/api/orders', { schema: contract.listOrders, preValidation }, async (request) => {
    const actor = await staff(request);
    return { success: true as const, ...(await listOrders(db, actor.id, request.query, request.store.lang)) };
  });

  app.get('/api/admin/orders/:id', { schema: contract.getOrder, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, ...(await getOrder(db, request.params.id, request.store.lang)) };
  });

  app.patch('/api/orders/:id/status', { schema: contract.changeStatus, preValidation }, async (request) => {
    const actor = await acting(request);
    const id = request.params.id;
    const { status, note } = request.body;
    const change = await changeOrderStatus(db, actor, id, status, note);
    if (change.changed) {
      mailWorker.nudge();
      request.log.info({ orderId: id, from: change.from, to: change.to, actor: actor.userId }, 'order status changed');
    }
    return { success: true as const, id, status: change.to, previous: change.from, changed: change.changed };
  });

  app.patch('/api/orders/:id/comments', { schema: contract.setComments, preValidation }, async (request) => {
    const actor = await acting(request);
    const id = request.params.id;
    const { comments } = request.body;
    await setOrderComments(db, actor, id, comments);
    mailWorker.nudge();
    return { success: true as const, id, comments: comments?.trim() || null };
  });

  // Cancel with the refund the policy allows, or less (D21), through the payment provider.
  app.post('/api/admin/orders/:id/cancel', { schema: contract.cancelOrder, preValidation, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const id = request.params.id;
    const input = request.body;
    // Money going back waits for a recent proof of who is asking (issue 36); a cancel without a refund does not.
    const actor = input.refundAmount > 0 ? staffActor(request, await auth.requireRecentCheck(request)) : await acting(request);
    const outcome = await cancelByStaff(db, payments.providerOf, actor, id, { refundMinor: input.refundAmount, reason: input.reason });
    mailWorker.nudge();
    request.log.info({ orderId: id, refund: input.refundAmount, actor: actor.userId, outcome }, 'order cancelled by staff');
    if (outcome === 'refunding') return reply.status(202).send({ success: true as const, id, status: 'refunding' as const, refunded: 0 as const });
    return { success: true as const, id, status: 'cancelled' as const, refunded: outcome === 'refunded' ? input.refundAmount : 0 };
  });

  app.get('/api/admin/briefs', { schema: contract.listBriefs, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, ...(await listBriefs(db, request.query)) };
  });

  app.patch('/api/project-briefs/:id/status', { schema: setBriefStatusContract, preValidation }, async (request) => {
    const actor = await acting(request);
    const id = request.params.id;
    const { status } = request.body;
    const brief = await setBriefStatus(db, actor, id, status);
    return { success: true as const, id: brief.id, status: brief.status };
  });

  app.get('/api/admin/users', { schema: contract.listUsers, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, ...(await searchUsers(db, request.query)) };
  });

  app.patch('/api/admin/users/:id/role', { schema: contract.setUserRole, preValidation }, async (request) => {
    const actor = staffActor(request, await auth.requireRecentCheck(request));
    const { id } = request.params;
    const { role } = request.body;
    const { changed } = await setUserRole(db, actor, id, role);
    if (changed) request.log.info({ userId: id, role, actor: actor.userId }, 'role changed');
    return { success: true as const, id, role, changed, message: translatorFor(request.store.lang, 'errors')('auth.roleChanged') };
  });

  app.delete('/api/admin/users/:id/second-factor', { schema: contract.resetSecondFactor, preValidation }, async (request) => {
    const actor = staffActor(request, await auth.requireRecentCheck(request));
    const { id } = request.params;
    const { removed } = await resetSecondFactorOf(db, actor, id);
    return { success: true as const, id, removed, message: translatorFor(request.store.lang, 'errors')('auth.secondFactorReset') };
  });

  app.get('/api/admin/papers', { schema: contract.listPapers, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, ...(await listPapers(db, request.query)) };
  });

  app.get('/api/admin/papers/export', { schema: contract.exportPapers, preValidation }, async (request, reply) => {
    const actor = await acting(request);
    const { from, to, country } = request.query;
    const { csv, rows } = await papersCsv(db, request.query);
    // A read, so nothing to be atomic with: recorded once the file is made, before it is sent.
    await recordAudit(db, actor, { action: 'papers.exported', subjectType: 'papers', subjectId: null, after: { from: from ?? null, to: to ?? null, country: country ?? null, rows } });
    request.log.info({ actor: actor.userId, from, to, country }, 'papers exported');
    const name = ['papers', country, from, to].filter(Boolean).join('-');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  app.get('/api/admin/tax-invoices', { schema: papersContract.taxInvoiceRequests, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, requests: await taxInvoiceQueue(db) };
  });

  app.put('/api/admin/tax-invoices/:id', { schema: papersContract.recordTaxInvoice, preValidation }, async (request) => {
    const actor = await acting(request);
    const row = await recordTaxInvoice(db, actor, request.params.id, request.body.approvalNumber);
    request.log.info({ requestId: row.id, actor: actor.userId }, 'tax invoice recorded');
    return { success: true as const, taxInvoice: taxInvoiceViewOf(row) };
  });

  app.get('/api/admin/overview', { schema: contract.overview, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, ...(await overview(db, request.store.lang)) };
  });

  app.get('/api/admin/audit', { schema: contract.listAudit, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, ...(await listAudit(db, request.query)) };
  });

  app.get('/api/admin/contacts', { schema: contract.listContacts, preValidation }, async (request) => {
    await staff(request);
    return { success: true as const, ...(await listContacts(db, request.query)) };
  });

  app.patch('/api/admin/contacts/:id', { schema: contract.markContact, preValidation }, async (request) => {
    const actor = await acting(request);
    const id = request.params.id;
    const { handled } = request.body;
    await markContact(db, actor, id, handled);
    return { success: true as const, id, handled };
  });
}
