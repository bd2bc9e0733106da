/**
 * Deliverables (issue 9). Staff: POST /api/admin/orders/{id}/deliverables?purpose=draft|final,
 * multipart files like POST /api/uploads but larger and of more types. Customers (signed in, the
 * guest of the order, or the holder of its private link): POST /api/orders/{orderId}/approve and
 * POST /api/orders/{orderId}/revision `{ note }` with the order's public number.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deliver } from '../../../domain/contract/uploads.ts';
import * as contract from '../../../domain/contract/reviews.ts';
import { DELIVERABLE_RULES } from '../../../domain/uploads.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { staffActor } from '../../http/audit-actor.ts';
import { queryGuestId, requestAccessor } from '../../http/accessor.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { fileView } from '../uploads/file-view.ts';
import { multipartLimits, receiveFiles } from '../uploads/receive-files.ts';
import { startUploadBatch } from '../uploads/upload-batch.ts';
import { deliverFiles, reviewDraft } from './deliverables.service.ts';

export function registerDeliverableRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; storage: FileStorage; links: OrderLinks; mailWorker: MailWorker; idleTimeoutMs?: number | undefined }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, storage, links, mailWorker } = deps;

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, { limits: multipartLimits(DELIVERABLE_RULES) });

    scope.post('/api/admin/orders/:id/deliverables', {
      schema: deliver,
      preValidation: async (request) => { await auth.requireUserWithRole(request, 'admin'); },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    }, async (request, reply) => {
      const actor = staffActor(request, await auth.requireStaff(request));
      const id = request.params.id;
      const { purpose } = request.query;
      const batch = startUploadBatch(storage, DELIVERABLE_RULES);
      try {
        await receiveFiles(request, reply, batch, DELIVERABLE_RULES, {}, { idleTimeoutMs: deps.idleTimeoutMs });
        const delivery = await deliverFiles(db, actor, id, purpose, batch);
        mailWorker.nudge();
        request.log.info({ orderId: id, purpose, files: delivery.files.length, actor: actor.userId }, 'files delivered');
        return reply.status(201).send({
          success: true as const,
          files: delivery.files.map((file) => ({ ...fileView(file), purpose })),
          status: delivery.status,
          statusChanged: delivery.statusChanged,
          message: translatorFor(request.store.lang, 'errors')('deliverables.delivered', { count: delivery.files.length }),
        });
      } catch (error) {
        await batch.abort();
        throw error;
      }
    });
  });

  /** The reviewer: the signed-in user, the guest id and the private-link key the request carried. */
  function reviewerOf(request: FastifyRequest, orderNumber: string, input: { sessionId?: string | undefined; orderKey?: string | undefined }) {
    return requestAccessor(auth, links, request, { guestId: input.sessionId ?? queryGuestId(request), orderNumber, orderKey: input.orderKey });
  }

  app.post('/api/orders/:orderId/approve', { schema: contract.approveDraft, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const orderNumber = request.params.orderId;
    const input = request.body ?? {};
    const result = await reviewDraft(db, await reviewerOf(request, orderNumber, input), orderNumber, { kind: 'approve' });
    mailWorker.nudge();
    request.log.info({ orderNumber, status: result.status }, 'draft approved');
    return { success: true as const, ...result, message: translatorFor(request.store.lang, 'errors')('deliverables.approved') };
  });

  app.post('/api/orders/:orderId/revision', { schema: contract.requestRevision, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const orderNumber = request.params.orderId;
    const input = request.body;
    const result = await reviewDraft(db, await reviewerOf(request, orderNumber, input), orderNumber, { kind: 'revise', note: input.note });
    mailWorker.nudge();
    request.log.info({ orderNumber, status: result.status, revisionsUsed: result.revisionsUsed }, 'revision requested');
    return { success: true as const, ...result, message: translatorFor(request.store.lang, 'errors')('deliverables.revisionRequested') };
  });
}
