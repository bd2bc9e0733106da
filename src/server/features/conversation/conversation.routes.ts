/**
 * The conversation API (D34, issue 35): the customer's side under the order's number, staff under its
 * id (401 and 403 before anything is read). Writes are rate-limited per caller, as every write is.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/conversation.ts';
import type { Database } from '../../db/client.ts';
import { queryGuestId, requestAccessor } from '../../http/accessor.ts';
import type { Auth } from '../../http/auth.ts';
import { staffActor } from '../../http/audit-actor.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import type { EventHub } from '../../events/event-hub.ts';
import { customerRead, customerThread, postCustomerMessage, postStaffMessage, staffRead, staffThread } from './conversation.service.ts';
import { messageView, staffMessageView } from './message-view.ts';
import { waitingFor } from './reads.ts';

export function registerConversationRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; links: OrderLinks; events: Pick<EventHub, 'announce'> }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, links, events } = deps;
  const staff = { preValidation: async (request: Parameters<Auth['requireUserWithRole']>[0]) => { await auth.requireUserWithRole(request, 'admin'); } };
  /** File links carry the private link for a reader who came by it (no session, no guest id of the order). */
  const fileAccess = (orderNumber: string, key: string | undefined, linked: boolean) => (linked && key ? new URLSearchParams({ order: orderNumber, key }).toString() : '');

  app.get('/api/orders/:orderId/messages', { schema: contract.orderMessages, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request) => {
    const { orderId } = request.params;
    const { key, after, limit } = request.query;
    // The store's pages name the guest's browser in a header, so its id stays out of addresses.
    const header = request.headers['x-guest-id'];
    const accessor = await requestAccessor(auth, links, request, { guestId: typeof header === 'string' ? header : queryGuestId(request), orderNumber: orderId, orderKey: key });
    const { page, read } = await customerThread(db, accessor, orderId, { after, limit });
    const access = fileAccess(orderId, key, accessor.linkedOrderNumber !== null);
    return { success: true as const, messages: page.messages.map((m) => messageView(m, access)), lastSeq: page.lastSeq, hasMore: page.hasMore, ...read };
  });

  app.post('/api/orders/:orderId/messages', { schema: contract.postOrderMessage, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { orderId } = request.params;
    const input = request.body;
    const accessor = await requestAccessor(auth, links, request, { guestId: input.sessionId ?? queryGuestId(request), orderNumber: orderId, orderKey: input.orderKey });
    const { message } = await postCustomerMessage(db, accessor, orderId, { body: input.body, files: input.files });
    events.announce();
    request.log.info({ orderNumber: orderId, seq: message.row.seq, files: message.files.length }, 'message from the customer');
    return reply.status(201).send({ success: true as const, message: messageView(message, fileAccess(orderId, input.orderKey, accessor.linkedOrderNumber !== null)) });
  });

  app.get('/api/admin/orders/:id/messages', { schema: contract.staffOrderMessages, ...staff, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request) => {
    const actor = await auth.requireUserWithRole(request, 'admin');
    const { page, read } = await staffThread(db, actor.id, request.params.id, request.query);
    return { success: true as const, messages: page.messages.map(staffMessageView), lastSeq: page.lastSeq, hasMore: page.hasMore, ...read };
  });

  // Asked by every signed-in page's top bar when it loads, on coming back to the tab and on live events.
  app.get('/api/messages/waiting', { schema: contract.waitingMessages, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request) => {
    const user = await auth.requireUser(request);
    return { success: true as const, ...(await waitingFor(db, user)) };
  });

  app.post('/api/orders/:orderId/messages/read', { schema: contract.markOrderMessagesRead, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request) => {
    const { orderId } = request.params;
    const input = request.body;
    const accessor = await requestAccessor(auth, links, request, { guestId: input.sessionId ?? queryGuestId(request), orderNumber: orderId, orderKey: input.orderKey });
    return { success: true as const, ...(await customerRead(db, accessor, orderId, input.seq)) };
  });

  app.post('/api/admin/orders/:id/messages/read', { schema: contract.markStaffOrderMessagesRead, ...staff, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request) => {
    const actor = await auth.requireUserWithRole(request, 'admin');
    return { success: true as const, ...(await staffRead(db, actor.id, request.params.id, request.body.seq)) };
  });

  app.post('/api/admin/orders/:id/messages', { schema: contract.postStaffOrderMessage, ...staff, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    const actor = staffActor(request, await auth.requireStaff(request));
    const input = request.body;
    const message = await postStaffMessage(db, actor, request.params.id, input);
    events.announce();
    request.log.info({ orderId: request.params.id, seq: message.row.seq, private: input.private, files: message.files.length, actor: actor.userId }, 'message from staff');
    return reply.status(201).send({ success: true as const, message: staffMessageView(message) });
  });
}
