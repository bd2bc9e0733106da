/**
 * POST /api/uploads (SPEC section 7, D14): multipart, field `files`, several at once, for users
 * and guests (`sessionId` in the query or as a field before the files), within the day's upload
 * allowance of the owner and the address (upload-quota.ts). GET /uploads/{name}: the
 * file to its owner, staff or the holder of its order's private link; 404 to everyone else.
 */
import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/uploads.ts';
import { DomainError } from '../../../domain/errors.ts';
import { mayReadFile } from '../../../domain/order-access.ts';
import { isGuestId } from '../../../domain/guest.ts';
import { DELIVERABLE_TYPES, REFERENCE_RULES, isImageType } from '../../../domain/uploads.ts';
import type { Database } from '../../db/client.ts';
import { orderMessages, orders, uploadedFiles } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { queryGuestId, requestAccessor, requestOwner } from '../../http/accessor.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import type { Owner } from '../orders/owner.ts';
import { fileView } from './file-view.ts';
import { ensureThumbnail } from './thumbnails.ts';
import { multipartLimits, receiveFiles } from './receive-files.ts';
import { startUploadBatch } from './upload-batch.ts';
import type { UploadQuota } from './upload-quota.ts';

const STORED_NAME = new RegExp(`^[0-9a-f-]{36}\\.(${[...new Set(Object.values(DELIVERABLE_TYPES))].join('|')})$`);

export function registerUploadRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; storage: FileStorage; links: OrderLinks; quota: UploadQuota; idleTimeoutMs?: number | undefined }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, storage, links, quota } = deps;

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, { limits: multipartLimits(REFERENCE_RULES) });

    scope.post('/api/uploads', { schema: contract.upload, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
      const allowance = quota.forRequest(request.ip);
      const batch = startUploadBatch(storage, REFERENCE_RULES, allowance);
      let guestId: unknown = queryGuestId(request);
      let owner: Owner | null = null;
      try {
        await receiveFiles(request, reply, batch, REFERENCE_RULES, {
          beforeBody: async (declared) => {
            // Whose files these are is usually known before the body (a session, ?sessionId=):
            // a spent allowance is then refused before a byte is read.
            const user = await auth.currentUser(request);
            if (user) allowance.setOwner({ kind: 'user', userId: user.id });
            else if (isGuestId(guestId)) allowance.setOwner({ kind: 'guest', guestId });
            await allowance.check(declared);
          },
          field: (name, value) => {
            if (name === 'sessionId' && guestId === undefined) guestId = value;
          },
          beforeFirstFile: async (declared) => {
            owner = await requestOwner(auth, request, guestId);
            allowance.setOwner(owner);
            await allowance.check(declared);
          },
        }, { idleTimeoutMs: deps.idleTimeoutMs });
        const rows = await batch.commit(db, owner!);
        request.log.info({ files: rows.length, bytes: rows.reduce((sum, row) => sum + row.sizeBytes, 0) }, 'files uploaded');
        return reply.status(201).send({ success: true as const, files: rows.map((row) => fileView(row)) });
      } catch (error) {
        await batch.abort();
        throw error;
      }
    });
  });

  app.get('/uploads/:name', {
    schema: contract.readFile,
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME.test(name)) throw new DomainError('NOT_FOUND');
    // A file attached to staff's private note is staff's alone (D34): its message says so.
    const [found] = await db.select({ file: uploadedFiles, visibility: orderMessages.visibility }).from(uploadedFiles)
      .leftJoin(orderMessages, eq(orderMessages.id, uploadedFiles.messageId))
      .where(eq(uploadedFiles.storedName, name)).limit(1);
    if (!found) throw new DomainError('NOT_FOUND');
    const file = { ...found.file, inPrivateNote: found.visibility === 'private' };
    const header = request.headers['x-guest-id'];
    const { order: orderNumber, key } = request.query;
    const accessor = await requestAccessor(auth, links, request, {
      guestId: typeof header === 'string' ? header : queryGuestId(request),
      orderNumber: typeof orderNumber === 'string' ? orderNumber : undefined,
      orderKey: key,
    }, { anonymous: true });
    // The uploader and staff need no order; the customer of the file's order (how delivered
    // files reach them) and its private link's holder are decided on the order's owners.
    if (!mayReadFile(accessor, file, null)) {
      const anyone = accessor.user || accessor.guestId || accessor.linkedOrderNumber;
      const [order] = file.orderId && anyone
        ? await db.select({ orderNumber: orders.orderNumber, userId: orders.userId, guestId: orders.guestId }).from(orders).where(eq(orders.id, file.orderId)).limit(1)
        : [];
      if (!mayReadFile(accessor, file, order ?? null)) throw new DomainError('NOT_FOUND');
    }
    const preview = request.query.preview !== undefined && isImageType(file.mimeType)
      ? await ensureThumbnail(db, storage, file)
      : null;
    const object = await storage.get(preview ?? file.storedName);
    if (!object) throw new DomainError('NOT_FOUND');
    const inline = isImageType(file.mimeType);
    return reply
      .header('content-type', preview ? 'image/webp' : file.mimeType)
      .header('content-length', String(object.size))
      .header('content-disposition', contentDisposition(preview ? file.originalName.replace(/\.[^.]*$/, '') + '.webp' : file.originalName, { type: inline ? 'inline' : 'attachment' }))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      // Never a document: a file that a browser might still render cannot run script here.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(object.body);
  });
}
