/**
 * POST /api/project-briefs and GET /api/project-briefs (SPEC section 7, D17, D22) for customers and
 * guests (`sessionId`); staff review comes with the staff area.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/briefs.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { queryGuestId, requestAccessor, requestOwner } from '../../http/accessor.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { briefView } from './brief-view.ts';
import { createBrief, listOwnBriefs } from './briefs.service.ts';

export function registerBriefRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; links: OrderLinks; mailWorker: MailWorker }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, links, mailWorker } = deps;

  app.post('/api/project-briefs', { schema: contract.createBrief, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) => {
    const input = request.body;
    const owner = await requestOwner(auth, request, input.sessionId);
    // The order's private link (D22) lets a guest write the brief from another browser.
    const accessor = await requestAccessor(auth, links, request, { guestId: input.sessionId, orderNumber: input.orderId, orderKey: input.orderKey });
    const { lang, country } = request.store;
    const created = await createBrief(db, { owner, accessor, input, country, language: lang });
    mailWorker.nudge();
    request.log.info({ briefId: created.brief.id, orderId: created.order.id, files: created.files.length, openedOrder: created.openedOrder }, 'brief submitted');
    return reply.status(201).send({
      success: true as const,
      briefId: created.brief.id,
      orderId: created.order.orderNumber,
      orderStatus: created.order.status,
      brief: briefView(created.brief, created.order.orderNumber, created.files),
      message: translatorFor(lang, 'errors')('briefs.created'),
    });
  });

  app.get('/api/project-briefs', { schema: contract.myBriefs }, async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    const briefs = await listOwnBriefs(db, owner);
    return { success: true as const, briefs: briefs.map(({ brief, orderNumber, files }) => briefView(brief, orderNumber, files)) };
  });
}
