/**
 * The quotes API (D28): staff price a consultation (PUT /api/admin/orders/{id}/quote, 401 and 403
 * before anything is read); the customer, or whoever holds the order's private link, declines it or
 * asks about it. Paying it goes through the payment routes like any order.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendQuote as sendQuoteContract } from '../../../domain/contract/admin.ts';
import * as contract from '../../../domain/contract/reviews.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import { queryGuestId, requestAccessor } from '../../http/accessor.ts';
import type { Auth } from '../../http/auth.ts';
import { staffActor } from '../../http/audit-actor.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { askAboutQuote, declineQuote, sendQuote } from './quotes.service.ts';

export function registerQuoteRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; links: OrderLinks; mailWorker: MailWorker }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, links, mailWorker } = deps;

  app.put('/api/admin/orders/:id/quote', { schema: sendQuoteContract, preValidation: async (request) => { await auth.requireUserWithRole(request, 'admin'); }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const actor = staffActor(request, await auth.requireStaff(request));
    const id = request.params.id;
    const input = request.body;
    const quote = await sendQuote(db, actor, id, input);
    mailWorker.nudge();
    request.log.info({ orderId: id, version: quote.version, amount: quote.amountMinor, currency: quote.currency, actor: actor.userId }, 'quote sent');
    return {
      success: true as const, id, status: 'quoted' as const,
      quote: { version: quote.version, lines: quote.lines, amount: quote.amountMinor, currency: quote.currency, validUntil: quote.validUntil.toISOString(), note: quote.note },
    };
  });

  /** The customer answering: the signed-in buyer, the guest's browser, or the private link's holder (D22). */
  function answererOf(request: FastifyRequest, input: { sessionId?: string | undefined; orderKey?: string | undefined }) {
    const { orderId } = request.params as { orderId: string };
    return { orderNumber: orderId, accessor: requestAccessor(auth, links, request, { guestId: input.sessionId ?? queryGuestId(request), orderNumber: orderId, orderKey: input.orderKey }) };
  }

  app.post('/api/orders/:orderId/quote/decline', { schema: contract.declineQuote, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
    const input = request.body;
    const { orderNumber, accessor } = answererOf(request, input);
    await declineQuote(db, await accessor, orderNumber, input.reason);
    mailWorker.nudge();
    request.log.info({ orderNumber }, 'quote declined by the customer');
    return { success: true as const, status: 'cancelled' as const, message: translatorFor(request.store.lang, 'errors')('quotes.declined') };
  });

  app.post('/api/orders/:orderId/quote/questions', { schema: contract.askAboutQuote, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const input = request.body;
    const { orderNumber, accessor } = answererOf(request, input);
    const question = await askAboutQuote(db, await accessor, orderNumber, input.message);
    mailWorker.nudge();
    request.log.info({ orderNumber }, 'question about a quote');
    return reply.status(201).send({ success: true as const, question: { body: question.body, at: question.createdAt.toISOString() }, message: translatorFor(request.store.lang, 'errors')('quotes.asked') });
  });
}
