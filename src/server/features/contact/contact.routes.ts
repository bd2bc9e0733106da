import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../../domain/validation/contact.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import { parseBody } from '../../http/validate.ts';
import type { MailWorker } from '../../mail/mail-worker.ts';
import { saveContactSubmission } from './contact.service.ts';

export function registerContactRoutes(app: FastifyInstance, db: Database, mailWorker: MailWorker): void {
  app.post('/api/contact', {
    // Generous for people, tight for scripts: a visitor rarely sends more than a couple.
    config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
  }, async (request, reply) => {
    const input = parseBody(contactSchema, request.body);
    const { lang: language, country } = request.store;
    const saved = await saveContactSubmission(db, input, { language, country });
    request.log.info({ contactId: saved.id }, 'contact message stored');
    mailWorker.nudge();
    return reply.status(201).send({
      success: true,
      id: saved.id,
      message: translatorFor(language, 'errors')('contact.sent'),
    });
  });
}
