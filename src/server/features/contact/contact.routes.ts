import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/contact.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import { saveContactSubmission } from './contact.service.ts';

export function registerContactRoutes(server: FastifyInstance, db: Database, mailWorker: MailWorker): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post('/api/contact', {
    schema: contract.sendContact,
    // Generous for people, tight for scripts: a visitor rarely sends more than a couple.
    config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
  }, async (request, reply) => {
    const input = request.body;
    const { lang: language, country } = request.store;
    const saved = await saveContactSubmission(db, input, { language, country });
    request.log.info({ contactId: saved.id }, 'contact message stored');
    mailWorker.nudge();
    return reply.status(201).send({
      success: true as const,
      id: saved.id,
      message: translatorFor(language, 'errors')('contact.sent'),
    });
  });
}
