/**
 * A customer's own data over HTTP (issue 36): JSON, or a zip streamed entry by entry (each file
 * opened only when its turn comes, stored as it is: pictures and videos are compressed already).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/privacy.ts';
import { DomainError } from '../../../domain/errors.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { linkedOrderOf } from '../orders/order-access.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { customerData, type DataSubject } from './customer-data.service.ts';

const LIMIT = { rateLimit: { max: 20, timeWindow: '1 hour' } };

export function registerCustomerDataRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; storage: FileStorage; links: OrderLinks }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, storage, links } = deps;

  const attachment = (reply: FastifyReply, type: string, name: string) => reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store');
  const today = () => new Date().toISOString().slice(0, 10);

  const sendJson = async (reply: FastifyReply, subject: DataSubject) => {
    const { data } = await customerData(db, subject);
    return attachment(reply, 'application/json; charset=utf-8', `studio-lumi-data-${today()}.json`).send(JSON.stringify(data, null, 2));
  };

  const sendZip = async (request: FastifyRequest, reply: FastifyReply, subject: DataSubject) => {
    const { data, files } = await customerData(db, subject);
    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'data.json');
    zip.addBuffer(Buffer.from(`${translatorFor(request.store.lang, 'mail')('dataReadme')}\n`), 'README.txt');
    for (const file of files) {
      zip.addReadStreamLazy(file.pathInZip, { compress: false, size: file.size, mtime: file.uploadedAt }, (done) => {
        storage.get(file.storedName).then((object) => {
          if (!object) done(new Error(`stored file ${file.storedName} is missing`), undefined as never);
          else done(null, object.body);
        }, (error: unknown) => done(error, undefined as never));
      });
    }
    zip.end();
    // A file that cannot be read ends the download broken rather than as a zip that looks whole.
    zip.on('error', (error: unknown) => {
      request.log.error({ err: error }, 'data download failed');
      (zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void }).destroy(error as Error);
    });
    return attachment(reply, 'application/zip', `studio-lumi-data-${today()}.zip`).send(zip.outputStream);
  };

  const linkSubject = (orderNumber: string, key: string): DataSubject => {
    if (!linkedOrderOf(links, orderNumber, key)) throw new DomainError('NOT_FOUND');
    return { kind: 'link', orderNumber, orderKey: key };
  };

  app.get('/api/account/data', { schema: contract.myData, config: LIMIT }, async (request, reply) => {
    const user = await auth.requireUser(request);
    return sendJson(reply, { kind: 'user', userId: user.id });
  });

  app.get('/api/account/data.zip', { schema: contract.myDataZip, config: { ...LIMIT, compress: false } }, async (request, reply) => {
    const user = await auth.requireUser(request);
    return sendZip(request, reply, { kind: 'user', userId: user.id });
  });

  app.get('/api/orders/:orderId/data', { schema: contract.orderData, config: LIMIT }, async (request, reply) =>
    sendJson(reply, linkSubject(request.params.orderId, request.query.key)));

  app.get('/api/orders/:orderId/data.zip', { schema: contract.orderDataZip, config: { ...LIMIT, compress: false } }, async (request, reply) =>
    sendZip(request, reply, linkSubject(request.params.orderId, request.query.key)));
}
